import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { unitLabel } from '../../logic/unit-label.ts';
import type { PhoneKindProps } from './phone-kind-props.ts';

/** Money: a decimal keypad with the unit after it; the text typed becomes a number in phoneValues. */
export function PhoneMoney({ value, onChange, field }: PhoneKindProps<string | number>) {
  const { t } = useTranslation('apply');
  return (
    <div className="shm-kind-money">
      <Input type="number" inputMode="decimal" placeholder={t('input')} value={value === undefined ? '' : String(value)} onChange={(v) => onChange?.(v)} />
      {field.unit && <span className="shm-kind-unit">{unitLabel(t, field.unit)}</span>}
    </div>
  );
}
