import { Input, Space } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import type { PhoneKindProps } from './phone-kind-props.ts';

type Range = { start?: string; end?: string };

/** A date range as two native date inputs (the phone's own calendar), kept as one value {start, end}. */
export function PhoneDateRange({ value, onChange, field }: PhoneKindProps<Range>) {
  const { t } = useTranslation('apply');
  const set = (part: 'start' | 'end', v: string) => {
    const next: Range = { ...value, [part]: v || undefined };
    if (!next.start) delete next.start;
    if (!next.end) delete next.end;
    onChange?.(next.start || next.end ? next : undefined);
  };
  return (
    <Space direction="vertical" block className="shm-kind-range">
      <Input
        type="date"
        aria-label={`${field.label} ${t('kinds.rangeStart')}`}
        value={value?.start ?? ''}
        onChange={(v) => set('start', v)}
        data-testid={`field-${field.name}-start`}
      />
      <Input
        type="date"
        aria-label={`${field.label} ${t('kinds.rangeEnd')}`}
        value={value?.end ?? ''}
        onChange={(v) => set('end', v)}
        data-testid={`field-${field.name}-end`}
      />
    </Space>
  );
}
