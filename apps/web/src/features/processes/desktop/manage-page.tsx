import { useTranslation } from 'react-i18next';

import { toListQuery } from '../../lists/list-filters.ts';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { PROCESS_LISTS, useProcesses } from '../api/get-processes.ts';
import { ProcessListCard } from './process-list-card.tsx';
import { ProcessTable } from './process-table.tsx';
import { YearSelect } from './year-select.tsx';

/** /workflow/manage: processes in progress of the apps I administer. */
export default function ManagePage() {
  const { t, i18n } = useTranslation('processes');
  const { params, setFilters, start, limit } = useListFilters();
  const cfg = PROCESS_LISTS.guest;
  const q = useProcesses('guest', toListQuery(params, cfg.filters, cfg.fixed(i18n.language)));
  return (
    <ProcessListCard
      list="manage"
      title={t('title.manage')}
      keyword={params.get('keyword') ?? ''}
      onFilter={setFilters}
      error={q.error}
      onRetry={() => void q.refetch()}
      filters={
        <YearSelect timestamps={params.get('timestamps') ?? ''} onChange={(ts) => setFilters({ timestamps: ts })} />
      }
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
