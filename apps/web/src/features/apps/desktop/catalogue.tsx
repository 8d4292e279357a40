import { Empty, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { App } from '@service-hall/contracts';

import { EMPTY_FILTER, filterApps, filterOptions, type AppFilter } from '../logic/filter-apps.ts';
import { ALPHABET, groupByLetter } from '../logic/letter-groups.ts';
import { AppCard } from './app-card.tsx';
import { AppFilters } from './app-filters.tsx';

interface Props {
  apps: App[];
  favorites: Set<string>;
  loading: boolean;
}

/**
 * Filter bar, A–Z index and the apps in A–Z order. Clicking a letter narrows the grid to that letter (a flat
 * grid stays compact where one row per letter would waste most of the page).
 */
export function Catalogue({ apps, favorites, loading }: Props) {
  const { t } = useTranslation('apps');
  const [filter, setFilter] = useState<AppFilter>(EMPTY_FILTER);
  const [letter, setLetter] = useState<string | null>(null);
  const options = useMemo(() => filterOptions(apps), [apps]);
  const groups = useMemo(() => groupByLetter(filterApps(apps, filter)), [apps, filter]);
  const present = new Set(groups.map((g) => g.letter));
  const shown = groups.filter((g) => !letter || g.letter === letter).flatMap((g) => g.apps);

  return (
    <div className="sh-catalogue">
      <AppFilters
        value={filter}
        onChange={(f) => {
          setFilter(f);
          setLetter(null);
        }}
        options={options}
      />
      {/* Toggle buttons (aria-pressed belongs on buttons, not on links without an address). */}
      <div className="sh-letter-index" role="group" aria-label={t('index')} data-testid="letter-index">
        <button
          type="button"
          className={`has ${letter === null ? 'active' : ''}`}
          data-testid="letter-all"
          aria-pressed={letter === null}
          onClick={() => setLetter(null)}
        >
          {t('filter.all')}
        </button>
        {ALPHABET.map((l) => (
          <button
            type="button"
            key={l}
            className={`${present.has(l) ? 'has' : 'none'} ${letter === l ? 'active' : ''}`}
            data-testid={`letter-${l}`}
            aria-pressed={letter === l}
            disabled={!present.has(l)}
            onClick={() => setLetter(letter === l ? null : l)}
          >
            {l}
          </button>
        ))}
        <span className="sh-count" data-testid="apps-count">
          {t('count', { count: shown.length })}
        </span>
      </div>
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : shown.length === 0 ? (
        <Empty description={t('noApps')} data-testid="apps-empty" />
      ) : (
        <div className="sh-app-grid" data-testid="apps-grid">
          {shown.map((a) => (
            <AppCard key={a.id} app={a} favorite={favorites.has(a.id)} />
          ))}
        </div>
      )}
    </div>
  );
}
