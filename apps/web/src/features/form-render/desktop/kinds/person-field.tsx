import type { FieldProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { personLabel, usePersonByAccount, useSearchUsers } from '../../../../lib/domain/search-users.ts';

/**
 * A person from the directory (GET /api/users, as the transfer and add-signer dialogs search it); the value is the
 * person's account, which a flow's "person chosen in a form field" assignee rule reads.
 */
export function PersonField({ fieldPathId, formData, onChange, disabled, readonly, rawErrors }: FieldProps) {
  const { t } = useTranslation('apply');
  const [keyword, setKeyword] = useState('');
  const users = useSearchUsers(keyword);
  const value = typeof formData === 'string' && formData ? formData : undefined;
  const known = usePersonByAccount(value);
  const options = (users.data ?? []).map((u) => ({ value: u.account, label: personLabel(u) }));
  // The chosen person stays labelled after the search moves on, by name (a draft or a resubmission brings only the account).
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: known ? personLabel(known) : value });
  return (
    <Select
      id={fieldPathId.$id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      disabled={disabled || readonly}
      placeholder={t('kinds.personPlaceholder')}
      loading={users.isFetching}
      status={rawErrors?.length ? 'error' : undefined}
      notFoundContent={keyword.trim() ? t('kinds.noResult') : null}
      options={options}
      onChange={(v?: string) => onChange(v || undefined, fieldPathId.path)}
    />
  );
}
