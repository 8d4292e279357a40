import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { listAdminRolesRoute } from '@service-hall/contracts/lite';
import type { AssigneeRule } from '@service-hall/engine';

import { call } from '../../../../lib/http/call.ts';
import { AccountPicker } from './account-picker.tsx';

const TYPES = ['departmentHead', 'role', 'user', 'field', 'starter'] as const;

/** An assignee rule: its kind, then the person, role or form field it names. */
export function AssigneeEditor({
  value,
  onChange,
  fields,
  label,
  testId,
}: {
  value: AssigneeRule;
  onChange: (rule: AssigneeRule) => void;
  fields: Array<{ value: string; label: string }>;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('definitions');
  // The role catalogue is for system administrators; an app administrator types the code.
  const roles = useQuery({
    queryKey: ['admin', 'roles', 'for-designer'],
    queryFn: () => call(listAdminRolesRoute),
    retry: false,
    enabled: value.type === 'role',
  });
  const switchTo = (type: AssigneeRule['type']) => {
    if (type === 'user') onChange({ type, account: '' });
    else if (type === 'role') onChange({ type, role: '' });
    else if (type === 'field') onChange({ type, field: fields[0]?.value ?? '' });
    else onChange({ type });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label={label}
        value={value.type}
        onChange={switchTo}
        data-testid={`${testId}-type`}
        style={{ width: '100%' }}
        options={TYPES.map((type) => ({ value: type, label: t(`assignee.${type}`) }))}
      />
      {value.type === 'user' && (
        <AccountPicker
          value={value.account}
          onChange={(account) => onChange({ type: 'user', account })}
          placeholder={t('assignee.pickUser')}
          ariaLabel={t('assignee.pickUser')}
          testId={`${testId}-user`}
        />
      )}
      {value.type === 'role' && (
        <AutoComplete
          value={value.role}
          onChange={(role: string) => onChange({ type: 'role', role })}
          aria-label={t('assignee.pickRole')}
          placeholder={t('assignee.pickRole')}
          data-testid={`${testId}-role`}
          style={{ width: '100%' }}
          options={(roles.data?.entities ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }))}
        />
      )}
      {value.type === 'field' && (
        <Select
          value={value.field || undefined}
          onChange={(field: string) => onChange({ type: 'field', field })}
          aria-label={t('assignee.pickField')}
          placeholder={t('assignee.pickField')}
          options={fields}
          data-testid={`${testId}-field`}
          style={{ width: '100%' }}
        />
      )}
    </Space>
  );
}
