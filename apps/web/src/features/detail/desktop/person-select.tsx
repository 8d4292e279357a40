import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSearchUsers } from '../../../lib/domain/search-users.ts';

/** Picks one person from the directory, searching by name, pinyin or account as one types. */
export function PersonSelect({
  id,
  value,
  onChange,
  testId,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('detail');
  const [keyword, setKeyword] = useState('');
  const users = useSearchUsers(keyword);
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      value={value}
      onChange={onChange}
      placeholder={t('powers.personPlaceholder')}
      loading={users.isFetching}
      data-testid={testId}
      notFoundContent={keyword.trim() ? t('powers.noResult') : null}
      options={(users.data ?? []).map((u) => ({
        value: u.id,
        label: `${u.name} · ${u.account}${u.department ? ` · ${u.department}` : ''}`,
      }))}
    />
  );
}
