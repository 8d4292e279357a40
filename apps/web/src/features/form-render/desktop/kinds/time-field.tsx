import type { FieldProps } from '@rjsf/utils';
import { TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A clock time (HH:mm), as the engine's `time` format reads it. */
export function TimeField({ fieldPathId, formData, onChange, disabled, readonly, rawErrors }: FieldProps) {
  const { t } = useTranslation('apply');
  const value =
    typeof formData === 'string' && dayjs(formData, 'HH:mm', true).isValid() ? dayjs(formData, 'HH:mm') : null;
  return (
    <div data-date-field>
      <TimePicker
        id={fieldPathId.$id}
        format="HH:mm"
        minuteStep={5}
        needConfirm={false}
        value={value}
        disabled={disabled || readonly}
        placeholder={t('kinds.timePlaceholder')}
        status={rawErrors?.length ? 'error' : undefined}
        onChange={(v) => onChange(v ? v.format('HH:mm') : undefined, fieldPathId.path)}
      />
    </div>
  );
}
