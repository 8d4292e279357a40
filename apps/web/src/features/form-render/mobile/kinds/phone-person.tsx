import { Button, CheckList, Popup, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { personLabel, usePersonByAccount, useSearchUsers } from '../../../../lib/domain/search-users.ts';
import type { PhoneKindProps } from './phone-kind-props.ts';

/** A person from the directory, searched in a sheet (GET /api/users); the value is their account. */
export function PhonePerson({ value, onChange, field }: PhoneKindProps<string>) {
  const { t } = useTranslation('apply');
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  const users = useSearchUsers(keyword);
  // A value brought by a draft or a resubmission is named from the directory, not shown as the account.
  const known = usePersonByAccount(chosen ? undefined : value);
  const label = chosen ?? (known ? `${known.name} · ${known.account}` : value);
  return (
    <>
      <Button block fill="outline" onClick={() => setOpen(true)} data-testid={`field-${field.name}-open`}>
        {value ? label : t('kinds.personPlaceholder')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="shm-kind-sheet" destroyOnClose>
        <SearchBar
          placeholder={t('kinds.personPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          aria-label={t('kinds.search')}
        />
        {keyword.trim() && !users.isFetching && (users.data ?? []).length === 0 && (
          <p className="sh-kind-muted">{t('kinds.noResult')}</p>
        )}
        <CheckList
          value={value ? [value] : []}
          onChange={(v) => {
            const account = v[0] as string | undefined;
            const u = users.data?.find((x) => x.account === account);
            setChosen(u ? `${u.name} · ${u.account}` : account);
            onChange?.(account);
            setOpen(false);
          }}
        >
          {(users.data ?? []).map((u) => (
            <CheckList.Item key={u.id} value={u.account}>
              {personLabel(u)}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </>
  );
}
