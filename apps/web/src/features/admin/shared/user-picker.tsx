import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';

import { searchUsersRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/**
 * Picks one person by name or account through the directory search (GET /api/users), which app administrators may
 * call too. `value` is a user id.
 */
export function UserPicker({
  value,
  onChange,
  placeholder,
  id,
  ariaLabel,
  testId,
  valueLabel,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  placeholder: string;
  id?: string;
  ariaLabel?: string;
  testId?: string;
  /** The name of the person `value` holds when the picker opens (before any search, only their id is known). */
  valueLabel?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'user-picker', keyword],
    queryFn: async ({ signal }) =>
      (await call(searchUsersRoute, { query: { keyword, limit: 20 } }, { signal })).entities,
    enabled: keyword.trim().length > 0,
  });
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      style={{ width: '100%' }}
      placeholder={placeholder}
      onSearch={setKeyword}
      onChange={(v) => onChange?.(v ?? null)}
      loading={found.isFetching}
      notFoundContent={null}
      options={[
        ...(found.data ?? []).map((u) => ({
          value: u.id,
          label: `${u.name} (${u.account})${u.department ? ` · ${u.department}` : ''}`,
        })),
        // The current person, by name, until a search lists them (an id like "u-wangwu" means nothing to anyone).
        ...(value && valueLabel && !found.data?.some((u) => u.id === value) ? [{ value, label: valueLabel }] : []),
      ]}
    />
  );
}
