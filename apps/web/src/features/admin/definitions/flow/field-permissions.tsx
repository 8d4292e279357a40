import { Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';

import type { FieldPermission } from '@service-hall/engine';

const PERMISSIONS: FieldPermission[] = ['readonly', 'editable', 'hidden', 'required'];

/** The form's fields × read-only / editable / hidden / required at one node (fields not set are read-only). */
export function FieldPermissions({
  fields,
  value,
  onChange,
}: {
  fields: Array<{ value: string; label: string }>;
  value: Record<string, FieldPermission> | undefined;
  onChange: (field: string, permission: FieldPermission) => void;
}) {
  const { t } = useTranslation('definitions');
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="value"
      dataSource={fields}
      locale={{ emptyText: t('fields.none') }}
      data-testid="field-permissions"
      columns={[
        { title: t('fields.field'), dataIndex: 'label' },
        {
          title: t('fields.permission'),
          key: 'p',
          render: (_, f) => (
            <Radio.Group
              size="small"
              value={value?.[f.value] ?? 'readonly'}
              aria-label={`${t('fields.label')}: ${f.label}`}
              onChange={(e) => onChange(f.value, e.target.value as FieldPermission)}
              data-testid={`field-permission-${f.value}`}
              options={PERMISSIONS.map((p) => ({ value: p, label: t(`fields.${p}`) }))}
              optionType="button"
            />
          ),
        },
      ]}
    />
  );
}
