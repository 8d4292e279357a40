import { Button, InfiniteScroll, SearchBar, Toast } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { Task } from '@service-hall/contracts';

import { MobileListError } from '../../lists/list-error-mobile.tsx';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { useInfiniteTodoTasks } from '../api/get-todo-tasks.ts';
import { taskTarget } from '../api/open-task.ts';
import { useTaskSelection } from '../batch/use-task-selection.ts';
import { BatchPopup } from './batch-popup.tsx';
import { TodoRows } from './todo-rows.tsx';

/** /workflow/todo on mobile: search, infinite scroll over windowed rows, ticks and batch handling. */
export default function TodoPage() {
  const { t } = useTranslation('todo');
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
    <div className="shm-page" style={{ paddingBottom: selection.ids.size > 0 ? 56 : undefined }}>
      <div style={{ padding: 8 }}>
        <SearchBar
          key={keyword}
          defaultValue={keyword}
          placeholder={t('search')}
          data-testid="list-search"
          onSearch={(v) => setFilters({ keyword: v })}
          onClear={() => setFilters({ keyword: null })}
        />
      </div>
      {q.isError && tasks.length === 0 ? (
        <MobileListError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <TodoRows
            tasks={tasks}
            header={t('total', { count: q.data?.pages[0]?.total ?? 0 })}
            selection={selection}
            onOpen={open}
          />
          {q.isError && <MobileListError error={q.error} onRetry={() => void q.fetchNextPage()} />}
          <InfiniteScroll
            loadMore={async () => {
              await q.fetchNextPage();
            }}
            hasMore={!q.isError && (q.hasNextPage ?? true)}
          >
            {q.isLoading || q.hasNextPage ? t('loadMore') : tasks.length ? t('noMore') : t('empty')}
          </InfiniteScroll>
        </>
      )}
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
