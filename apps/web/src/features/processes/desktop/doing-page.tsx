import { useTranslation } from 'react-i18next';

import { toListQuery } from '../../lists/list-filters.ts';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { PROCESS_LISTS, useProcesses } from '../api/get-processes.ts';
import { ProcessListCard } from './process-list-card.tsx';
import { ProcessTable } from './process-table.tsx';

/** /workflow/doing: my processes in progress, ordered by creation. */
export default function DoingPage() {
  const { t, i18n } = useTranslation('processes');
  const { params, setFilters, start, limit } = useListFilters();
  const cfg = PROCESS_LISTS.doing;
  const q = useProcesses('doing', toListQuery(params, cfg.filters, cfg.fixed(i18n.language)));
  return (
    <ProcessListCard
      list="doing"
      title={t('title.doing')}
      keyword={params.get('keyword') ?? ''}
      onFilter={setFilters}
      error={q.error}
      onRetry={() => void q.refetch()}
    >
      <ProcessTable
        items={q.data?.items ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        start={start}
        limit={limit}
        onPage={(s) => setFilters({ start: s })}
      />
    </ProcessListCard>
  );
}
