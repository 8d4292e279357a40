import type { App } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { compareApps, presentApp } from './app-presenter.ts';
import { hiddenAppIds } from './app-visibility.ts';
import { selectEnabledApps, type AppRow } from './apps-repository.ts';
import { catalogueCache } from './catalogue-version.ts';

// Apps change rarely and every home page asks for all of them: a few seconds of staleness is a fair price.
const rowsCache = catalogueCache<'rows', AppRow[]>(5_000);
const listCache = catalogueCache<Locale, App[]>(5_000);

/** Every enabled app row in catalogue order (cached; do not mutate). */
export function catalogueRows(db: Db): Promise<AppRow[]> {
  return rowsCache(db, 'rows', async () => (await selectEnabledApps(db)).sort(compareApps));
}

/** The whole catalogue in a language, in catalogue order (cached; do not mutate). */
function allApps(db: Db, locale: Locale): Promise<App[]> {
  return listCache(db, locale, async () => (await catalogueRows(db)).map((r) => presentApp(r, locale)));
}

/** The catalogue this member may see (apps.visible: roles, departments), in a language, in catalogue order. */
export async function listApps(db: Db, locale: Locale, user: { id: string; roles: readonly string[] }): Promise<App[]> {
  const [apps, hidden] = await Promise.all([
    allApps(db, locale),
    catalogueRows(db).then((rows) => hiddenAppIds(db, rows, user)),
  ]);
  return hidden ? apps.filter((a) => !hidden.has(a.id)) : apps;
}

/** Recommended apps this member may see: recommend > 0, highest rank first, then by name. */
export async function listRecommendedApps(
  db: Db,
  locale: Locale,
  user: { id: string; roles: readonly string[] },
): Promise<App[]> {
  const apps = await listApps(db, locale, user);
  return apps
    .filter((a) => a.recommend > 0)
    .sort((a, b) => b.recommend - a.recommend || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
