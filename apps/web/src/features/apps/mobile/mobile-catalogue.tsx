import { ErrorBlock, IndexBar, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { App } from '@service-hall/contracts';

import { EMPTY_FILTER, filterApps, filterOptions, type AppFilter } from '../logic/filter-apps.ts';
import { groupByLetter } from '../logic/letter-groups.ts';
import { AppRow } from './app-tile.tsx';
import { MobileFilters } from './mobile-filters.tsx';

/** Filters plus the A–Z IndexBar of apps. */
export function MobileCatalogue({
  apps,
  favorites,
  loading,
  text = '',
}: {
  apps: App[];
  favorites: Set<string>;
  loading: boolean;
  text?: string;
}) {
  const { t } = useTranslation('apps');
  const [filter, setFilter] = useState<AppFilter>(EMPTY_FILTER);
  const options = useMemo(() => filterOptions(apps), [apps]);
  const groups = useMemo(() => groupByLetter(filterApps(apps, { ...filter, text })), [apps, filter, text]);
  return (
    <div className="shm-catalogue">
      <MobileFilters value={filter} onChange={setFilter} options={options} />
      {loading ? (
        <div className="shm-page">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : groups.length === 0 ? (
        <ErrorBlock status="empty" title={t('noApps')} description="" data-testid="apps-empty" />
      ) : (
        <IndexBar className="shm-indexbar">
          {groups.map((g) => (
            <IndexBar.Panel key={g.letter} index={g.letter} title={g.letter}>
              {g.apps.map((a) => (
                <AppRow key={a.id} app={a} favorite={favorites.has(a.id)} />
              ))}
            </IndexBar.Panel>
          ))}
        </IndexBar>
      )}
    </div>
  );
}
