import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

type Range = { start?: string; end?: string };

/** Messages of a value's parts ({start: {__errors}}), which this field shows under itself. */
function partErrors(es: ErrorSchema | undefined): string[] {
  if (!es) return [];
  return Object.entries(es).flatMap(([k, v]) =>
    k === '__errors' ? [] : ((v as { __errors?: string[] } | undefined)?.__errors ?? []),
  );
}

const day = (s: string | undefined): Dayjs | null =>
  s && dayjs(s, 'YYYY-MM-DD', true).isValid() ? dayjs(s, 'YYYY-MM-DD') : null;

/** A date range as one value {start, end} (YYYY-MM-DD each), picked in one antd RangePicker. */
export function DateRangeField({
  fieldPathId,
  formData,
  onChange,
  disabled,
  readonly,
  rawErrors,
  errorSchema,
}: FieldProps) {
  const { t } = useTranslation('apply');
  const value = (formData ?? {}) as Range;
  const parts = partErrors(errorSchema);
  return (
    <div data-date-field>
      <DatePicker.RangePicker
        id={{ start: fieldPathId.$id, end: `${fieldPathId.$id}_end` }}
        className="sh-kind-range"
        value={[day(value.start), day(value.end)]}
        allowEmpty={[true, true]}
        disabled={disabled || readonly}
        placeholder={[t('kinds.rangeStart'), t('kinds.rangeEnd')]}
        status={rawErrors?.length || parts.length ? 'error' : undefined}
        onChange={(dates) => {
          const [a, b] = dates ?? [null, null];
          const next: Range = {};
          if (a) next.start = a.format('YYYY-MM-DD');
          if (b) next.end = b.format('YYYY-MM-DD');
          onChange(next.start || next.end ? next : undefined, fieldPathId.path);
        }}
      />
      {parts.length > 0 && (
        <div className="ant-form-item-explain-error" role="alert">
          {parts[0]}
        </div>
      )}
    </div>
  );
}
