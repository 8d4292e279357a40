import i18next from 'i18next';
import type { ShellSnapshot } from './shell-snapshot.ts';
import './boot.css';

/**
 * The desktop chrome as plain HTML while the layout's code (antd) downloads and runs: header with logo and name,
 * the banner navigation's strip and, on the home page, the first banner, in the same boxes as the real ones
 * (layouts/desktop/desktop.css, features/apps/apps.css), so nothing moves when the real page replaces it.
 */
export function BootShell({ snapshot, home }: { snapshot: ShellSnapshot; home: boolean }) {
  return (
    <div className="boot-shell" style={{ ['--sh-primary' as string]: snapshot.primary }} aria-busy="true">
      <header className="boot-header">
        <div className="boot-header-inner">
          <img className="boot-logo" src={snapshot.logo} alt="" />
          <span className="boot-brand">{i18next.t('appName')}</span>
        </div>
      </header>
      <div className="boot-nav" />
      <main className="boot-main">
        {home && snapshot.banner && (
          <div className="boot-banner">
            <img src={snapshot.banner} alt={i18next.t('apps:bannerAlt')} fetchPriority="high" />
          </div>
        )}
      </main>
    </div>
  );
}
