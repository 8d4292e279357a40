import type { FieldProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

import { useDepartments } from '../../api/list-departments.ts';

/** A department (GET /api/departments); the value is its id, shown by name in the page's language. */
export function DepartmentField({ fieldPathId, formData, onChange, disabled, readonly, rawErrors }: FieldProps) {
  const { t } = useTranslation('apply');
  const departments = useDepartments();
  return (
    <Select
      id={fieldPathId.$id}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      value={typeof formData === 'string' && formData ? formData : undefined}
      disabled={disabled || readonly}
      placeholder={t('kinds.departmentPlaceholder')}
      loading={departments.isLoading}
      status={rawErrors?.length ? 'error' : undefined}
      options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
      onChange={(v?: string) => onChange(v || undefined, fieldPathId.path)}
    />
  );
}
