import { useLocation } from 'react-router';

import { pageHasOwnHeading, useDocumentTitle } from '../routing/page-title.ts';

/**
 * The page's one h1 and the tab title. Pages with a title of their own (a form, a guide) render their h1; the
 * others get this one, hidden on screen where the top bar or the highlighted navigation already shows the title.
 */
export function PageHeading() {
  const title = useDocumentTitle();
  const { pathname } = useLocation();
  if (pageHasOwnHeading(pathname)) return null;
  return (
    <h1 className="sh-visually-hidden" data-testid="page-title">
      {title}
    </h1>
  );
}
