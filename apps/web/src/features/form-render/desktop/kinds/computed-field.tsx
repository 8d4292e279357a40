import type { FieldProps } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

import type { ComputedRule } from '@service-hall/engine/form';

/**
 * A computed field. `compare: equal` (working days of a range): read-only, filled in as the member picks the dates
 * (withComputed); `atMost` (leave days, half days allowed): typed, at most the computed value.
 */
export function ComputedField({
  fieldPathId,
  formData,
  onChange,
  schema,
  uiSchema,
  disabled,
  readonly,
  rawErrors,
}: FieldProps) {
  const { t } = useTranslation('apply');
  const rule = schema['x-computed'] as ComputedRule | undefined;
  if ((rule?.compare ?? 'equal') === 'atMost') {
    const step =
      (uiSchema?.['ui:options'] as { step?: number } | undefined)?.step ?? (schema.multipleOf as number | undefined);
    return (
      <InputNumber
        id={fieldPathId.$id}
        value={typeof formData === 'number' ? formData : null}
        step={step}
        disabled={disabled || readonly}
        placeholder={t('input')}
        status={rawErrors?.length ? 'error' : undefined}
        onChange={(v) => onChange(v === null ? undefined : Number(v), fieldPathId.path)}
      />
    );
  }
  return (
    <output
      id={fieldPathId.$id}
      className="sh-kind-computed"
      aria-live="polite"
      data-testid={`computed-${fieldPathId.$id}`}
    >
      {typeof formData === 'number' ? (
        t('kinds.computedDays', { count: formData })
      ) : (
        <span className="sh-kind-muted">{t('kinds.computedPending')}</span>
      )}
    </output>
  );
}
