import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';

import { ActiveDelegationBanner } from '../../features/delegations/desktop/active-delegation-banner.tsx';
import { LiveRefresh } from '../../features/live/live-refresh.tsx';
import { PageHeading } from '../../lib/a11y/page-heading.tsx';
import { MAIN_ID, SkipLink } from '../../lib/a11y/skip-link.tsx';
import { authSession } from '../../lib/auth/auth-session.ts';
import { ADMIN_PREFIX } from '../../lib/routing/paths.ts';
import { ScrollMemory } from '../../lib/routing/scroll-memory.ts';
import { BannerNav } from './banner-nav.tsx';
import { DesktopHeader } from './desktop-header.tsx';

/**
 * Desktop chrome: header, banner navigation for signed-in users, page, footer. Signed in, the layout keeps the
 * push-event stream open (live counts and lists on every page) and shows the active-delegation notice.
 */
export function DesktopShell() {
  const { t } = useTranslation();
  const signedIn = authSession().isSignedIn();
  // The console has its own navigation; the member's banner would be a second one.
  const inConsole = useLocation().pathname.startsWith(ADMIN_PREFIX);
  return (
    <div className="sh-app">
      <SkipLink />
      <DesktopHeader />
      {signedIn && !inConsole && <BannerNav />}
      {signedIn && <LiveRefresh />}
      <main className="sh-main" id={MAIN_ID} tabIndex={-1}>
        <PageHeading />
        {signedIn && <ActiveDelegationBanner />}
        <Outlet />
      </main>
      <footer className="sh-footer">
        {/* The version is for operators (the about page), not members. */}
        {t('footer', { year: new Date().getFullYear() })}
      </footer>
      <ScrollMemory />
    </div>
  );
}
