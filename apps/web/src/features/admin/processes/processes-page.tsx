import { Button, DatePicker, Form, Input, Select, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminProcess } from '@service-hall/contracts';

import { formatDate } from '../../../lib/time/time.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { ProcessActions } from './process-actions.tsx';
import { CancelDialog, ReassignDialog } from './process-dialogs.tsx';
import { useAdminProcesses, useProcessApps, type ProcessQuery } from './processes-api.ts';

import '../../../i18n/locales/lazy/adminProcesses.ts';

const PAGE = 20;
const STATUSES = ['doing', 'completed', 'rejected', 'withdrawn'] as const;
const STATUS_COLOUR: Record<AdminProcess['status'], string> = {
  doing: 'processing',
  completed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

interface Filters {
  keyword?: string;
  applicant?: string;
  status?: ProcessQuery['status'];
  appId?: string;
  dates?: [Dayjs, Dayjs] | null;
}

/**
 * Console page: the processes of the apps the caller administers (a system administrator's: every app's), searched
 * by serial number, applicant, status, app and start date; a stuck task can be handed to someone else and a running
 * process cancelled, each with a reason (not a process an external system pushed: that system runs it).
 */
export default function ProcessesPage() {
  const { t } = useTranslation('adminProcesses');
  const { t: nav } = useTranslation('admin');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [reassigning, setReassigning] = useState<AdminProcess | null>(null);
  const [cancelling, setCancelling] = useState<AdminProcess | null>(null);
  const apps = useProcessApps();
  const { dates, ...rest } = filters;
  const processes = useAdminProcesses({
    ...rest,
    start: (page - 1) * PAGE,
    limit: PAGE,
    ...(dates ? { from: dates[0].startOf('day').unix(), to: dates[1].endOf('day').unix() + 1 } : {}),
  });

  return (
    <ConsolePage title={nav('nav.processes')} testId="console-processes">
      <Form<Filters>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setFilters({ ...v, keyword: v.keyword?.trim() || undefined, applicant: v.applicant?.trim() || undefined });
          setPage(1);
        }}
      >
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear data-testid="process-keyword" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="applicant" label={t('applicant')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select
            allowClear
            placeholder={t('allStatuses')}
            style={{ width: 130 }}
            options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="appId" label={t('app')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('allApps')}
            style={{ width: 180 }}
            options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('started')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="process-search">
            {t('search')}
          </Button>
        </Form.Item>
      </Form>
      <Table<AdminProcess>
        rowKey="id"
        size="middle"
        loading={processes.isFetching}
        dataSource={processes.data?.entities ?? []}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: processes.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (count) => t('total', { count }),
        }}
        columns={[
          { title: t('entry'), dataIndex: 'entry' },
          { title: t('title'), dataIndex: 'name' },
          { title: t('app'), dataIndex: 'app' },
          { title: t('applicant'), dataIndex: 'applicant' },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (s: AdminProcess['status']) => <Tag color={STATUS_COLOUR[s]}>{t(`statuses.${s}`)}</Tag>,
          },
          { title: t('started'), dataIndex: 'createdAt', render: (s: number) => formatDate(s, true) },
          {
            title: t('current'),
            key: 'current',
            render: (_: unknown, p) => p.openTasks.map((x) => `${x.name}: ${x.assignee}`).join('; '),
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, p) => (
              <ProcessActions process={p} onReassign={() => setReassigning(p)} onCancel={() => setCancelling(p)} />
            ),
          },
        ]}
      />
      {reassigning && <ReassignDialog process={reassigning} onClose={() => setReassigning(null)} />}
      {cancelling && <CancelDialog process={cancelling} onClose={() => setCancelling(null)} />}
    </ConsolePage>
  );
}
