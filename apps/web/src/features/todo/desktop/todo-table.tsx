// antd's styles for the list's first render, extracted at build time (vite-antd-first-render-css.ts).
import 'virtual:antd-first-render.css';

import { Button, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import type { Task } from '@service-hall/contracts';

import { formatDate, relativeTime } from '../../../lib/time/time.ts';
import type { TaskSelection } from '../batch/use-task-selection.ts';
import { appAndSystem } from '../logic/app-and-system.ts';

interface Props {
  tasks: Task[];
  /** The keyboard triage's current row (-1: none). */
  cursor?: number;
  total: number;
  loading: boolean;
  start: number;
  limit: number;
  selection: TaskSelection;
  onPage: (start: number) => void;
  onOpen: (task: Task) => void;
}

/** One server page of to-do tasks with ticks that survive paging. */
export function TodoTable({ tasks, cursor = -1, total, loading, start, limit, selection, onPage, onOpen }: Props) {
  const { t } = useTranslation('todo');
  const columns: TableColumnsType<Task> = [
    {
      title: t('col.name'),
      key: 'name',
      render: (_, task) => (
        <Space size={4} wrap>
          <a onClick={() => onOpen(task)} data-testid={`todo-open-${task.id}`}>
            {task.process.name}
          </a>
          {task.entruster && (
            <Tag color="purple" data-testid={`todo-entrusted-${task.id}`}>
              {t('entrustedBy', { name: task.entruster.name })}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('col.step'), dataIndex: 'name', key: 'step' },
    {
      title: t('col.entry'),
      key: 'entry',
      render: (_, task) => <span style={{ whiteSpace: 'nowrap' }}>{task.process.entry}</span>,
    },
    // An external system's item names its system, so a member knows where the link and the decision lead.
    { title: t('col.app'), key: 'app', render: (_, task) => appAndSystem(task) },
    { title: t('col.owner'), key: 'owner', render: (_, task) => task.process.owner.name },
    {
      title: t('col.assignTime'),
      key: 'assignTime',
      render: (_, task) => (
        <Tooltip title={formatDate(task.assignTime, true)}>
          <span style={{ whiteSpace: 'nowrap' }}>{relativeTime(task.assignTime)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      render: (_, task) => (
        <Space size={4} wrap>
          {/* Plain text, not tags: grey tags looked like buttons but only say which actions the item offers. */}
          <span className="sh-task-actions" data-testid={`todo-actions-${task.id}`}>
            {task.actions.map((a) => a.name).join(' / ')}
          </span>
          <Button size="small" type="link" onClick={() => onOpen(task)}>
            {t('handle')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table<Task>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={tasks}
      loading={loading}
      onRow={(task, i) =>
        ({
          'data-testid': `todo-row-${task.id}`,
          'data-cursor': i === cursor ? 'yes' : undefined,
          'aria-current': i === cursor ? 'true' : undefined,
          ref: i === cursor ? (el: HTMLElement | null) => el?.scrollIntoView({ block: 'nearest' }) : undefined,
        }) as HTMLAttributes<HTMLElement>
      }
      rowClassName={(_task, i) => (i === cursor ? 'sh-triage-cursor' : '')}
      rowSelection={{
        selectedRowKeys: [...selection.ids],
        preserveSelectedRowKeys: true,
        onSelect: (task) => selection.toggle(task),
        onSelectAll: (ticked, _rows, changed) => selection.setMany(changed.filter(Boolean), ticked),
        getCheckboxProps: (task) => ({ 'data-testid': `todo-check-${task.id}` }) as object,
      }}
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
