import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';

import { searchUsersRoute } from '@service-hall/contracts/lite';

import { call } from '../../../../lib/http/call.ts';

/** Picks one person through the directory search; the value is the account, as assignee rules name people. */
export function AccountPicker({
  value,
  onChange,
  placeholder,
  ariaLabel,
  testId,
}: {
  value?: string;
  onChange: (account: string) => void;
  placeholder: string;
  ariaLabel: string;
  testId?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'account-picker', keyword],
    queryFn: async ({ signal }) =>
      (await call(searchUsersRoute, { query: { keyword, limit: 20 } }, { signal })).entities,
    enabled: keyword.trim().length > 0,
  });
  const options = (found.data ?? []).map((u) => ({ value: u.account, label: `${u.name} (${u.account})` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      showSearch
      filterOption={false}
      value={value || undefined}
      placeholder={placeholder}
      aria-label={ariaLabel}
      data-testid={testId}
      onSearch={setKeyword}
      onChange={(v: string) => onChange(v)}
      loading={found.isFetching}
      notFoundContent={null}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
