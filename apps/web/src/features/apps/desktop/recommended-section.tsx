import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import type { App } from '@service-hall/contracts';

import { LazySimpleEmpty } from '../../../lib/desktop-lazy/index.ts';
import { useRecommended } from '../api/get-recommended.ts';
import { AppCard } from './app-card.tsx';

/** Recommended apps, three per row (docs/product.md §9). */
export function RecommendedSection({ favorites, catalogue }: { favorites: Set<string>; catalogue: App[] }) {
  const { t } = useTranslation('apps');
  const rec = useRecommended();
  // Prefer the catalogue's copy of an app: it carries the completed count from /stats/apps.
  const byId = new Map(catalogue.map((a) => [a.id, a]));
  const apps = (rec.data ?? []).map((a) => byId.get(a.id) ?? a);
  return (
    <section className="sh-page sh-section" data-testid="section-recommended">
      <h2 className="sh-section-title">{t('recommended')}</h2>
      {rec.isLoading ? (
        <Skeleton active />
      ) : apps.length === 0 ? (
        <Suspense>
          <LazySimpleEmpty />
        </Suspense>
      ) : (
        <div className="sh-grid-3">
          {apps.map((a) => (
            <AppCard key={a.id} app={a} favorite={favorites.has(a.id)} />
          ))}
        </div>
      )}
    </section>
  );
}
