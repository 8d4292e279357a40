import { useMemo, useState } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { App } from '@service-hall/contracts';
import { EMPTY_FILTER, filterApps, filterOptions, type AppFilter } from '../logic/filter-apps.ts';
import { ALPHABET, groupByLetter } from '../logic/letter-groups.ts';
import { AppFilters } from './app-filters.tsx';
import { AppCard } from './app-card.tsx';

interface Props {
  apps: App[];
  favorites: Set<string>;
  loading: boolean;
  /** Prefix for the letter anchors so two catalogues on a page do not clash. */
  anchor?: string;
}

/** Filter bar, A–Z index and the apps grouped by first letter. */
export function Catalogue({ apps, favorites, loading, anchor = 'cat' }: Props) {
  const { t } = useTranslation('apps');
  const [filter, setFilter] = useState<AppFilter>(EMPTY_FILTER);
  const options = useMemo(() => filterOptions(apps), [apps]);
  const groups = useMemo(() => groupByLetter(filterApps(apps, filter)), [apps, filter]);
  const present = new Set(groups.map((g) => g.letter));
  const total = groups.reduce((n, g) => n + g.apps.length, 0);

  return (
    <div className="sh-catalogue">
      <AppFilters value={filter} onChange={setFilter} options={options} />
      <div className="sh-letter-index" aria-label={t('index')} data-testid="letter-index">
        {ALPHABET.map((l) => (
          <a
            key={l}
            className={present.has(l) ? 'has' : 'none'}
            data-testid={`letter-${l}`}
            onClick={() => document.getElementById(`${anchor}-${l}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
          >
            {l}
          </a>
        ))}
        <span className="sh-count">{t('count', { count: total })}</span>
      </div>
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : total === 0 ? (
        <Empty description={t('noApps')} data-testid="apps-empty" />
      ) : (
        groups.map((g) => (
          <section key={g.letter} id={`${anchor}-${g.letter}`} className="sh-letter-group" data-testid={`group-${g.letter}`}>
            <div className="sh-letter">{g.letter}</div>
            <div className="sh-app-grid">
              {g.apps.map((a) => (
                <AppCard key={a.id} app={a} favorite={favorites.has(a.id)} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
