import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authSession } from '../../lib/auth-session.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { DesktopHeader } from './desktop-header.tsx';
import { BannerNav } from './banner-nav.tsx';

/** Desktop chrome: header, banner navigation for signed-in users, page, footer. */
export function DesktopShell() {
  const { t } = useTranslation();
  return (
    <div className="sh-app">
      <DesktopHeader />
      {authSession().isSignedIn() && <BannerNav />}
      <main className="sh-main">
        <Outlet />
      </main>
      <footer className="sh-footer">
        {t('footer', { year: new Date().getFullYear(), version: runtimeConfig().version })}
      </footer>
      <ScrollRestoration />
    </div>
  );
}
