import { Button, Popconfirm, Table, Tabs, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import type { Delegation } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-client.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { useDeleteEntrustee } from '../api/delete-entrustee.ts';
import { useEntrustees } from '../api/get-entrustees.ts';
import { useEntrusters } from '../api/get-entrusters.ts';
import { lastMoment } from '../logic/day-window.ts';

/** 我委托的 (with delete) and 委托我的, as two tabs. */
export function DelegationTabs() {
  const { t } = useTranslation('delegations');
  const { message } = useAppMessage();
  const userId = useProfile().data?.account;
  const given = useEntrustees(userId);
  const received = useEntrusters(userId);
  const del = useDeleteEntrustee(userId);
  const decline = useDeleteEntrustee(userId, 'received');

  const base: TableColumnsType<Delegation> = [
    { title: t('col.app'), key: 'app', render: (_, d) => d.app?.name ?? t('allApps') },
    { title: t('col.from'), key: 'from', render: (_, d) => formatDate(d.from, true) },
    { title: t('col.to'), key: 'to', render: (_, d) => formatDate(lastMoment(d.to), true) },
  ];
  const givenCols: TableColumnsType<Delegation> = [
    ...base,
    { title: t('col.entrustee'), key: 'entrustee', render: (_, d) => d.entrustee.name },
    {
      title: t('col.delete'),
      key: 'delete',
      render: (_, d) => (
        <Popconfirm
          title={t('deleteConfirm')}
          onConfirm={() =>
            del.mutateAsync(d.id).then(
              () => void message.success(t('deleted')),
              (e: unknown) => void message.error(errorText(e)),
            )
          }
        >
          <Button type="link" danger size="small" data-testid={`delegation-delete-${d.id}`}>
            {t('delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  const receivedCols: TableColumnsType<Delegation> = [
    ...base,
    { title: t('col.entruster'), key: 'entruster', render: (_, d) => d.entruster.name },
    {
      title: t('decline'),
      key: 'decline',
      render: (_, d) => (
        <Popconfirm
          title={t('declineConfirm')}
          onConfirm={() =>
            decline.mutateAsync(d.id).then(
              () => void message.success(t('declined')),
              (e: unknown) => void message.error(errorText(e)),
            )
          }
        >
          <Button type="link" danger size="small" data-testid={`delegation-decline-${d.id}`}>
            {t('decline')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  const row = (d: Delegation) => ({ 'data-testid': `delegation-row-${d.id}` }) as HTMLAttributes<HTMLElement>;

  return (
    <Tabs
      items={[
        {
          key: 'given',
          label: <span data-testid="tab-given">{t('given')}</span>,
          children: (
            <Table<Delegation>
              rowKey="id"
              size="small"
              columns={givenCols}
              dataSource={given.data ?? []}
              loading={given.isFetching}
              onRow={row}
              pagination={false}
              locale={given.isError ? { emptyText: errorText(given.error) } : undefined}
            />
          ),
        },
        {
          key: 'received',
          label: <span data-testid="tab-received">{t('received')}</span>,
          children: (
            <Table<Delegation>
              rowKey="id"
              size="small"
              columns={receivedCols}
              dataSource={received.data ?? []}
              loading={received.isFetching}
              onRow={row}
              pagination={false}
              locale={received.isError ? { emptyText: errorText(received.error) } : undefined}
            />
          ),
        },
      ]}
    />
  );
}
