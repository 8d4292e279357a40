import { Button, Card, Input, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { Task } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { ListError } from '../../lists/list-error.tsx';
import { toListQuery } from '../../lists/list-filters.ts';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { useTodoTasks } from '../api/get-todo-tasks.ts';
import { taskTarget } from '../api/open-task.ts';
import { useTaskSelection } from '../batch/use-task-selection.ts';
import { TodoTable } from './todo-table.tsx';
import { useTriageKeys } from './use-triage-keys.ts';

import './todo.css';

import { withChunkRecovery } from '../../../lib/routing/chunk-recovery.ts';
import { useOpenedOnce } from '../../../lib/ui/use-opened-once.ts';
import { SavedFiltersMenu } from '../../lists/saved-filters-menu.tsx';
import { useLiveRefresh } from '../../live/live-refresh.tsx';

// The batch dialog (antd's Modal, Steps, Progress, the action calls) and the keyboard help load when first opened:
// the list's first rows do not wait for their code.
const BatchModal = lazy(withChunkRecovery(() => import('./batch-modal.tsx').then((m) => ({ default: m.BatchModal }))));
const TriageHelp = lazy(withChunkRecovery(() => import('./triage-help.tsx').then((m) => ({ default: m.TriageHelp }))));

/** /workflow/todo on desktop: my to-do tasks, server-paged by 10, with batch handling and keyboard triage. */
export default function TodoPage() {
  const { t } = useTranslation('todo');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  const { message } = useAppMessage();
  const navigate = useNavigate();
  const { params, setFilters, start, limit } = useListFilters();
  const query = useTodoTasks(toListQuery(params, ['keyword']));
  const selection = useTaskSelection();
  const [batchOpen, setBatchOpen] = useState(false);
  const [preferred, setPreferred] = useState<string | undefined>();
  const [helpOpen, setHelpOpen] = useState(false);
  const batchMounted = useOpenedOnce(batchOpen);
  const helpMounted = useOpenedOnce(helpOpen);
  const tasks = query.data?.tasks ?? [];

  const open = useCallback(
    (task: Task) => {
      const target = taskTarget(task);
      if (target.internal) navigate(target.path);
      else window.open(target.url, '_blank', 'noopener');
    },
    [navigate],
  );
  const closeBatch = useCallback(() => {
    setBatchOpen(false);
    setPreferred(undefined);
  }, []);
  const act = useCallback(
    (actionId: 'approve' | 'reject', current: Task | undefined) => {
      // Nothing ticked: the current row is the one to handle.
      if (selection.ids.size === 0 && current) selection.toggle(current);
      if (selection.ids.size === 0 && !current) return;
      setPreferred(actionId);
      setBatchOpen(true);
    },
    [selection],
  );
  const cursor = useTriageKeys({
    tasks,
    active: !batchOpen && !helpOpen,
    onTick: selection.toggle,
    onOpen: open,
    onAct: act,
    onHelp: () => setHelpOpen(true),
  });
  const allDone = useCallback(() => void message.success(t('batch.done')), [message, t]);

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
      extra={
        <Space>
          <SavedFiltersMenu list="todo" />
          <Input.Search
            allowClear
            placeholder={t('search')}
            defaultValue={params.get('keyword') ?? ''}
            key={params.get('keyword') ?? ''}
            onSearch={(v) => setFilters({ keyword: v })}
            style={{ width: 260 }}
            data-testid="list-search"
          />
          {selection.ids.size > 0 && (
            <Button type="link" data-testid="batch-clear" onClick={selection.clear}>
              {t('batch.clear')}
            </Button>
          )}
          <Button type="text" data-testid="triage-help" onClick={() => setHelpOpen(true)} aria-label={t('triage.help')}>
            ?
          </Button>
          <Button
            type="primary"
            data-testid="batch-open"
            disabled={selection.ids.size === 0}
            onClick={() => setBatchOpen(true)}
          >
            {t('batch.open', { count: selection.ids.size })}
          </Button>
        </Space>
      }
    >
      {query.isError ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TodoTable
          tasks={tasks}
          cursor={cursor}
          total={query.data?.total ?? 0}
          loading={query.isFetching}
          start={start}
          limit={limit}
          selection={selection}
          onPage={(s) => setFilters({ start: s })}
          onOpen={open}
        />
      )}
      <Suspense fallback={null}>
        {batchMounted && (
          <BatchModal
            open={batchOpen}
            selection={selection}
            onClose={closeBatch}
            onAllDone={allDone}
            preferred={preferred}
          />
        )}
        {helpMounted && <TriageHelp open={helpOpen} onClose={() => setHelpOpen(false)} />}
      </Suspense>
    </Card>
  );
}
