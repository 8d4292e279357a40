import { Button, DatePicker, Form, Input, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AuditEntry } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { fetchAuditForExport, useAudit, type AuditFilters } from '../api/audit.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { auditCsv, download } from './audit-csv.ts';

const PAGE = 20;

/** /workflow/admin/audit: who changed what and when, filtered; CSV export of what the filters match. */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const audit = useAudit(filters, page, PAGE);
  const apply = (v: { actor?: string; action?: string; targetType?: string; range?: [Dayjs, Dayjs] | null }) => {
    setPage(1);
    setFilters({
      actor: v.actor?.trim() || undefined,
      action: v.action?.trim() || undefined,
      targetType: v.targetType?.trim() || undefined,
      from: v.range?.[0]?.startOf('day').unix(),
      to: v.range?.[1]?.endOf('day').unix(),
    });
  };
  const exportCsv = async () => {
    try {
      const rows = await fetchAuditForExport(filters);
      download(
        auditCsv(rows.entities, [
          t('audit.at'),
          t('audit.actor'),
          t('audit.action'),
          t('audit.targetType'),
          t('audit.targetId'),
          t('audit.before'),
          t('audit.after'),
          t('audit.requestId'),
        ]),
        'audit-log.csv',
      );
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const json = (s: string | null) =>
    s ? (
      <Typography.Text code ellipsis={{ tooltip: s }} style={{ maxWidth: 220 }}>
        {s}
      </Typography.Text>
    ) : (
      '—'
    );
  return (
    <ConsolePage
      title={t('nav.audit')}
      testId="console-audit"
      extra={
        <Button onClick={() => void exportCsv()} data-testid="audit-export">
          {t('audit.export')}
        </Button>
      }
    >
      <Form layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="actor" label={t('audit.actor')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input allowClear style={{ width: 140 }} placeholder="app" />
        </Form.Item>
        <Form.Item name="targetType" label={t('audit.targetType')}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.when')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="audit-filter">
          {t('audit.filter')}
        </Button>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={audit.isFetching}
        dataSource={audit.data?.entities ?? []}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: audit.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('audit.at'), dataIndex: 'at', width: 170, render: (at: number) => formatDate(at, true) },
          { title: t('audit.actor'), dataIndex: 'actor' },
          { title: t('audit.action'), dataIndex: 'action', render: (a: string) => <code>{a}</code> },
          { title: t('audit.target'), key: 'target', render: (_, r) => `${r.targetType} · ${r.targetId}` },
          { title: t('audit.before'), dataIndex: 'before', render: json },
          { title: t('audit.after'), dataIndex: 'after', render: json },
        ]}
      />
    </ConsolePage>
  );
}
