import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-client.ts';
import { toListQuery } from '../../lists/list-filters.ts';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { PROCESS_LISTS, useProcesses } from '../api/get-processes.ts';
import { useMarkRead } from '../api/use-mark-read.ts';
import { ProcessListCard } from './process-list-card.tsx';
import { ProcessTable } from './process-table.tsx';

/** /workflow/flow_cc: processes copied to me, with an unread filter and mark read. */
export default function CcPage() {
  const { t, i18n } = useTranslation('processes');
  const { message } = useAppMessage();
  const { params, setFilters, start, limit } = useListFilters();
  const cfg = PROCESS_LISTS.cc;
  const q = useProcesses('cc', toListQuery(params, cfg.filters, cfg.fixed(i18n.language)));
  const mark = useMarkRead();
  const [ticked, setTicked] = useState<string[]>([]);

  const markRead = (ids: string[]) =>
    mark.mutate(ids, {
      onSuccess: () => {
        void message.success(t('markedRead'));
        setTicked([]);
      },
      onError: (e) => void message.error(errorText(e)),
    });

  const filters = (
    <>
      <Checkbox
        checked={params.get('unread') === 'true'}
        onChange={(e) => setFilters({ unread: e.target.checked ? 'true' : null })}
      >
        <span data-testid="unread-filter">{t('onlyUnread')}</span>
      </Checkbox>
      <Button
        data-testid="mark-read"
        disabled={ticked.length === 0}
        loading={mark.isPending}
        onClick={() => markRead(ticked)}
      >
        {t('markRead')}
      </Button>
    </>
  );
  return (
    <ProcessListCard
      list="cc"
      title={t('title.cc')}
      keyword={params.get('keyword') ?? ''}
      onFilter={setFilters}
      error={q.error}
      onRetry={() => void q.refetch()}
      filters={filters}
    >
      <ProcessTable
        items={q.data?.items ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        start={start}
        limit={limit}
        showRead
        selectedIds={ticked}
        onSelect={setTicked}
        onPage={(s) => setFilters({ start: s })}
        extraColumn={{
          title: t('col.op'),
          key: 'op',
          render: (_, p) =>
            !p.read && (
              <Button size="small" type="link" data-testid={`mark-read-${p.id}`} onClick={() => markRead([p.id])}>
                {t('markRead')}
              </Button>
            ),
        }}
      />
    </ProcessListCard>
  );
}
