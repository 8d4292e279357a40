import { useCallback, useState } from 'react';
import { Button, Checkbox, ErrorBlock, InfiniteScroll, List, SearchBar, Tag, Toast } from 'antd-mobile';
import type { Task } from '@service-hall/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-client.ts';
import { relativeTime } from '../../../lib/time.ts';
import { useListFilters } from '../../live/use-list-filters.ts';
import { useInfiniteTodoTasks } from '../api/get-todo-tasks.ts';
import { taskTarget } from '../api/open-task.ts';
import { useTaskSelection } from '../batch/use-task-selection.ts';
import { BatchPopup } from './batch-popup.tsx';
import { useLiveRefresh } from '../../live/live-refresh.tsx';

/** /workflow/todo on mobile: search, infinite scroll, ticks and batch handling. */
export default function TodoPage() {
  const { t } = useTranslation('todo');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  const navigate = useNavigate();
  const { params, setFilters } = useListFilters();
  const keyword = params.get('keyword') ?? '';
  const q = useInfiniteTodoTasks(keyword);
  const selection = useTaskSelection();
  const [batchOpen, setBatchOpen] = useState(false);
  const tasks = q.data?.pages.flatMap((p) => p.tasks) ?? [];

  const open = (task: Task) => {
    const target = taskTarget(task);
    if (target.internal) navigate(target.path);
    else window.open(target.url, '_blank', 'noopener');
  };
  const closeBatch = useCallback(() => setBatchOpen(false), []);
  const allDone = useCallback(() => Toast.show({ icon: 'success', content: t('batch.done') }), [t]);

  return (
    <div className="shm-page" style={{ paddingBottom: 56 }}>
      <div style={{ padding: 8 }}>
        <SearchBar key={keyword} defaultValue={keyword} placeholder={t('search')} data-testid="list-search"
          onSearch={(v) => setFilters({ keyword: v })} onClear={() => setFilters({ keyword: null })} />
      </div>
      {q.isError && <ErrorBlock status="default" title={errorText(q.error)} description="" />}
      <List header={t('total', { count: q.data?.pages[0]?.total ?? 0 })}>
        {tasks.map((task) => (
          <List.Item key={task.id} data-testid={`todo-row-${task.id}`}
            prefix={<Checkbox data-testid={`todo-check-${task.id}`} checked={selection.ids.has(task.id)}
              onChange={() => selection.toggle(task)} onClick={(e) => e.stopPropagation()} />}
            description={`${task.process.entry} · ${task.process.app.name} · ${task.process.owner.name} · ${relativeTime(task.assignTime)}`}
            extra={task.actions.map((a) => a.name).join('/')}
            onClick={() => open(task)} arrowIcon>
            {task.process.name}{' '}
            {task.entruster && <Tag color="primary" fill="outline">{t('entrustedBy', { name: task.entruster.name })}</Tag>}
            <div style={{ fontSize: 12, color: 'var(--adm-color-weak)' }}>{task.name}</div>
          </List.Item>
        ))}
      </List>
      <InfiniteScroll loadMore={async () => { await q.fetchNextPage(); }} hasMore={!q.isError && (q.hasNextPage ?? true)}>
        {q.isLoading || q.hasNextPage ? t('loadMore') : tasks.length ? t('noMore') : t('empty')}
      </InfiniteScroll>
      {selection.ids.size > 0 && (
        <div style={{ position: 'fixed', left: 0, right: 0, bottom: 56, padding: 8, zIndex: 10 }}>
          <Button block color="primary" data-testid="batch-open" onClick={() => setBatchOpen(true)}>
            {t('batch.open', { count: selection.ids.size })}
          </Button>
        </div>
      )}
      <BatchPopup open={batchOpen} selection={selection} onClose={closeBatch} onAllDone={allDone} />
    </div>
  );
}
