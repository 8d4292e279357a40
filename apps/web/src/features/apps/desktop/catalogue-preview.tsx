import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { App } from '@service-hall/contracts';

import { PATHS } from '../../../lib/routing/paths.ts';
import { groupByLetter } from '../logic/letter-groups.ts';
import { AppCard } from './app-card.tsx';

/** How many catalogue cards the home page shows: three rows at 1280 px; the rest is one click away on the all-apps page. */
export const PREVIEW_SIZE = 12;

/**
 * The home page's catalogue: the first apps in A–Z order and a link to the full, filterable list (the all-apps page). The
 * whole catalogue here repeated the recommended apps and made the page 3,600 px tall.
 */
export function CataloguePreview({ apps, favorites }: { apps: App[]; favorites: Set<string> }) {
  const { t } = useTranslation('apps');
  const first = groupByLetter(apps)
    .flatMap((g) => g.apps)
    .slice(0, PREVIEW_SIZE);
  return (
    <>
      <div className="sh-app-grid" data-testid="apps-grid">
        {first.map((a) => (
          <AppCard key={a.id} app={a} favorite={favorites.has(a.id)} />
        ))}
      </div>
      {apps.length > first.length && (
        <div className="sh-preview-more">
          <Link to={PATHS.allApps} data-testid="link-appall-more">
            {t('viewAllCount', { count: apps.length })}
          </Link>
        </div>
      )}
    </>
  );
}
