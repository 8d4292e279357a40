// antd's styles for the list's first render, extracted at build time (vite-antd-first-render-css.ts).
import 'virtual:antd-first-render.css';

import { Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { ProcessListItem } from '@service-hall/contracts';

import { STATUS_TAG_COLOR } from '../../../lib/domain/process-status.ts';
import { detailPath } from '../../../lib/routing/paths.ts';
import { formatDate, relativeTime } from '../../../lib/time/time.ts';

interface Props {
  items: ProcessListItem[];
  total: number;
  loading: boolean;
  start: number;
  limit: number;
  showRead?: boolean;
  selectedIds?: string[];
  onSelect?: (ids: string[]) => void;
  extraColumn?: TableColumnsType<ProcessListItem>[number];
  onPage: (start: number) => void;
}

/** A server-paged process list (doing, done, copied, manage). */
export function ProcessTable({
  items,
  total,
  loading,
  start,
  limit,
  showRead,
  selectedIds,
  onSelect,
  extraColumn,
  onPage,
}: Props) {
  const { t } = useTranslation('processes');
  const when = (s: number) => (
    <Tooltip title={formatDate(s, true)}>
      <span style={{ whiteSpace: 'nowrap' }}>{relativeTime(s)}</span>
    </Tooltip>
  );
  const columns: TableColumnsType<ProcessListItem> = [
    {
      title: t('col.name'),
      key: 'name',
      render: (_, p) => (
        <Space size={4}>
          <Link to={detailPath(p.id)} data-testid={`process-open-${p.id}`}>
            {p.name}
          </Link>
          {showRead && (p.read ? <Tag>{t('read')}</Tag> : <Tag color="red">{t('unread')}</Tag>)}
        </Space>
      ),
    },
    { title: t('col.entry'), key: 'entry', render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{p.entry}</span> },
    { title: t('col.app'), key: 'app', render: (_, p) => p.app.name },
    { title: t('col.owner'), key: 'owner', render: (_, p) => p.owner?.name },
    {
      title: t('col.status'),
      key: 'status',
      render: (_, p) => <Tag color={STATUS_TAG_COLOR[p.status]}>{t(`status.${p.status}`)}</Tag>,
    },
    {
      title: t('col.pending'),
      key: 'pending',
      render: (_, p) => p.pendingTasks.map((x) => x.name).join(t('listSep')) || '—',
    },
    { title: t('col.create'), key: 'create', render: (_, p) => when(p.create) },
    { title: t('col.update'), key: 'update', render: (_, p) => when(p.update) },
  ];
  if (extraColumn) columns.push(extraColumn);
  return (
    <Table<ProcessListItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      onRow={(p) => ({ 'data-testid': `process-row-${p.id}` }) as HTMLAttributes<HTMLElement>}
      rowSelection={
        onSelect ? { selectedRowKeys: selectedIds, onChange: (keys) => onSelect(keys.map(String)) } : undefined
      }
      pagination={{
        current: Math.floor(start / limit) + 1,
        pageSize: limit,
        total,
        showSizeChanger: false,
        showTotal: (n) => t('total', { count: n }),
        onChange: (page) => onPage((page - 1) * limit),
      }}
    />
  );
}
