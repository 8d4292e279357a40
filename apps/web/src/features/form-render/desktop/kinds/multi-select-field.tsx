import type { FieldProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Several of a list's options; option names from the uiSchema's `ui:enumNames` (already localised). */
export function MultiSelectField({
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
  const values = (schema.items as { enum?: string[] } | undefined)?.enum ?? [];
  const names = (uiSchema?.['ui:enumNames'] as string[] | undefined) ?? [];
  return (
    <Select
      id={fieldPathId.$id}
      mode="multiple"
      allowClear
      value={Array.isArray(formData) ? formData : []}
      disabled={disabled || readonly}
      placeholder={t('select')}
      status={rawErrors?.length ? 'error' : undefined}
      options={values.map((v, i) => ({ value: v, label: names[i] ?? v }))}
      onChange={(v: string[]) => onChange(v.length ? v : undefined, fieldPathId.path)}
    />
  );
}
