import { Button, DatePicker, ErrorBlock, List, SearchBar, Space, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { DirectoryUser } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { useSearchUsers } from '../../../lib/domain/search-users.ts';
import { errorText } from '../../../lib/http/api-client.ts';
import { pickerLabel } from '../../../lib/time/picker-labels.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { delegationProblem } from '../api/active-delegation.ts';
import { useCreateEntrustee } from '../api/create-entrustee.ts';
import { useMyApps } from '../api/get-my-apps.ts';
import { dayWindow } from '../logic/day-window.ts';
import { AppPickerSheet } from './app-picker-sheet.tsx';

/** Mobile form to create a delegation: app (or all), delegate from the directory, start and end. */
export function CreateDelegationSheet({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('delegations');
  const profile = useProfile().data;
  const apps = useMyApps();
  const [appId, setAppId] = useState('');
  const [appOpen, setAppOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const users = useSearchUsers(keyword);
  const [user, setUser] = useState<DirectoryUser | null>(null);
  // Whole days, both inclusive (see dayWindow): by default today and tomorrow.
  const [firstDay, setFirstDay] = useState(() => new Date());
  const [lastDay, setLastDay] = useState(() => new Date(Date.now() + 86_400_000));
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateEntrustee(profile?.account);
  const appOptions = [
    { value: '', label: t('allApps') },
    ...(apps.data ?? []).map((a) => ({ value: a.id, label: a.name })),
  ];

  const submit = () => {
    setError(null);
    if (!user) return setError(t('pickDelegate'));
    const input = { appId, entrusteeId: user.id, ...dayWindow(firstDay, lastDay, new Date()) };
    const problem = profile && delegationProblem(input, profile);
    if (problem) return setError(t(`problem.${problem}`));
    create.mutate(input, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: t('created') });
        onDone();
      },
      onError: (e) => setError(errorText(e)),
    });
  };

  return (
    <Space direction="vertical" block data-testid="delegation-form">
      <List>
        <List.Item
          extra={appOptions.find((o) => o.value === appId)?.label}
          onClick={() => setAppOpen(true)}
          data-testid="delegation-app"
        >
          {t('col.app')}
        </List.Item>
        <List.Item extra={user ? user.name : t('pickDelegate')}>{t('col.entrustee')}</List.Item>
        <List.Item
          extra={formatDate(firstDay.getTime() / 1000)}
          onClick={() => setPicking('from')}
          data-testid="delegation-from"
        >
          {t('col.from')}
        </List.Item>
        <List.Item
          extra={formatDate(lastDay.getTime() / 1000)}
          onClick={() => setPicking('to')}
          data-testid="delegation-to"
        >
          {t('col.toInclusive')}
        </List.Item>
      </List>
      <SearchBar placeholder={t('searchUser')} onChange={setKeyword} data-testid="delegation-user" />
      <List>
        {(users.data ?? []).map((u) => (
          <List.Item
            key={u.id}
            onClick={() => {
              setUser(u);
              setError(null);
            }}
            data-testid={`delegation-user-${u.account}`}
            description={`${u.account}${u.department ? ` · ${u.department}` : ''}`}
          >
            {u.name}
          </List.Item>
        ))}
      </List>
      {error && <ErrorBlock status="default" title={error} description="" data-testid="delegation-error" />}
      <Button block color="primary" loading={create.isPending} onClick={submit} data-testid="delegation-submit">
        {t('create')}
      </Button>
      <AppPickerSheet
        visible={appOpen}
        apps={apps.data ?? []}
        value={appId}
        onPick={setAppId}
        onClose={() => setAppOpen(false)}
      />
      <DatePicker
        precision="day"
        renderLabel={pickerLabel}
        visible={picking !== null}
        value={picking === 'to' ? lastDay : firstDay}
        min={picking === 'to' ? firstDay : new Date()}
        onClose={() => setPicking(null)}
        onConfirm={(d) => {
          setError(null);
          if (picking === 'to') return setLastDay(d);
          setFirstDay(d);
          if (d > lastDay) setLastDay(d);
        }}
      />
    </Space>
  );
}
