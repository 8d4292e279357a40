import { InfiniteScroll, List, SearchBar, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { ProcessListItem } from '@service-hall/contracts';

import { STATUS_TAG_COLOR_MOBILE } from '../../../lib/domain/process-status.ts';
import { PhoneTime } from '../../../lib/mobile-lazy/phone-time.tsx';
import { detailPath } from '../../../lib/routing/paths.ts';
import { MobileListError } from '../../lists/list-error-mobile.tsx';
import { toListQuery } from '../../lists/list-filters.ts';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { useLiveRefresh } from '../../live/live-refresh.tsx';
import { PROCESS_LISTS, useInfiniteProcesses, type ProcessListName } from '../api/get-processes.ts';

interface Props {
  list: ProcessListName;
  /** Extra filters under the search box (year picker, unread switch). */
  filters?: ReactNode;
  /** Extra content at the right of an item (e.g. mark read). */
  extra?: (p: ProcessListItem) => ReactNode;
}

/** A mobile process list: search box, URL-held filters, infinite scroll. */
export function MobileProcessList({ list, filters, extra }: Props) {
  const { t, i18n } = useTranslation('processes');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  const navigate = useNavigate();
  const { params, setFilters } = useListFilters();
  const keyword = params.get('keyword') ?? '';
  const cfg = PROCESS_LISTS[list];
  const { limit: _l, start: _s, ...query } = toListQuery(params, cfg.filters, cfg.fixed(i18n.language));
  const q = useInfiniteProcesses(list, query);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="shm-page">
      <div style={{ padding: 8 }}>
        <SearchBar
          key={keyword}
          defaultValue={keyword}
          placeholder={t('search')}
          data-testid="list-search"
          onSearch={(v) => setFilters({ keyword: v })}
          onClear={() => setFilters({ keyword: null })}
        />
        {filters && <div style={{ marginTop: 8 }}>{filters}</div>}
      </div>
      {q.isError && items.length === 0 ? (
        <MobileListError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <List header={t('total', { count: q.data?.pages[0]?.total ?? 0 })}>
            {items.map((p) => (
              <List.Item
                key={p.id}
                data-testid={`process-row-${p.id}`}
                onClick={() => navigate(detailPath(p.id))}
                description={
                  <>
                    {`${p.entry} · ${p.app.name} · `}
                    <PhoneTime seconds={p.update} />
                  </>
                }
                extra={
                  extra ? (
                    extra(p)
                  ) : (
                    <Tag fill="outline" color={STATUS_TAG_COLOR_MOBILE[p.status]}>
                      {t(`status.${p.status}`)}
                    </Tag>
                  )
                }
              >
                {p.name} {p.read === false && <Tag color="danger">{t('unread')}</Tag>}
              </List.Item>
            ))}
          </List>
          {q.isError && <MobileListError error={q.error} onRetry={() => void q.fetchNextPage()} />}
          <InfiniteScroll
            loadMore={async () => {
              await q.fetchNextPage();
            }}
            hasMore={!q.isError && (q.hasNextPage ?? true)}
          >
            {q.isLoading || q.hasNextPage ? t('loading') : items.length ? t('noMore') : t('empty')}
          </InfiniteScroll>
        </>
      )}
    </div>
  );
}
