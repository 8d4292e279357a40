import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { ADMIN_PREFIX, PATHS } from './paths.ts';

// Title of each page (common namespace keys): the browser tab, the phone's top bar and the page's h1.
const TITLES: Record<string, string> = {
  [PATHS.home]: 'nav.home',
  [PATHS.apps]: 'nav.serviceHall',
  [PATHS.allApps]: 'nav.allApps',
  [PATHS.allAppsPublic]: 'nav.allApps',
  [PATHS.favorite]: 'nav.favorite',
  [PATHS.flowCc]: 'nav.flowCc',
  [PATHS.search]: 'nav.search',
  [PATHS.detail]: 'nav.detail',
  [PATHS.delegations]: 'nav.entrust',
  [PATHS.notifications]: 'nav.infos',
  [PATHS.about]: 'nav.about',
  [PATHS.manage]: 'nav.manage',
  [PATHS.apply]: 'nav.apply',
  [PATHS.todo]: 'nav.todoFull',
  [PATHS.doing]: 'nav.doingFull',
  [PATHS.done]: 'nav.doneFull',
};
const GUIDE_PREFIX = PATHS.guide.replace(':glId', '');

/** The title key of a path (guides carry their id in the path); the product's short name elsewhere. */
export function pageTitleKey(pathname: string): string {
  if (pathname.startsWith(GUIDE_PREFIX)) return 'nav.guide';
  return TITLES[pathname] ?? 'appShort';
}

/** Pages whose content starts with their own h1 (the form's, the guide's or the welcome title). */
export function pageHasOwnHeading(pathname: string): boolean {
  return (
    pathname === PATHS.apply ||
    pathname === PATHS.home ||
    pathname.startsWith(GUIDE_PREFIX) ||
    pathname.startsWith(ADMIN_PREFIX)
  );
}

/** Keeps the browser tab's title on "page · product" in the UI language. */
export function useDocumentTitle(): string {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const title = t(pageTitleKey(pathname));
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t, i18n.language]);
  return title;
}
