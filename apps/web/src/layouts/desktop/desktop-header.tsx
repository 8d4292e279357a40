import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';

import { useDelegationModal } from '../../features/delegations/desktop/delegation-trigger.tsx';
import { authSession } from '../../lib/auth/auth-session.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { DEFAULT_IMAGES, DEFAULT_TEMPLATE, imageUrl, usePageTemplate } from '../../lib/config/page-template.ts';
import { adminPath, PATHS } from '../../lib/routing/paths.ts';
import { SearchField } from '../../lib/ui/search-field.tsx';
import { LanguageSwitch } from './language-switch.tsx';

/** The system administrator's role (apps/server/src/modules/admin/admin-policy.ts). */
const SYSTEM_ADMIN_ROLE = 'admin';

/** Pages under 我的办事: the link stays highlighted on each of them. */
const MATTERS: readonly string[] = [
  PATHS.todo,
  PATHS.doing,
  PATHS.done,
  PATHS.flowCc,
  PATHS.favorite,
  PATHS.detail,
  PATHS.delegations,
  PATHS.notifications,
  PATHS.manage,
];

/** Logo, 首页 / 我的办事, the search box (apps page only), delegation, language switch, greeting and sign-out. */
export function DesktopHeader() {
  const { t } = useTranslation();
  const { profile, signedIn, signOut } = useAuth();
  const template = usePageTemplate();
  const loc = useLocation();
  // The spec's header search is for the apps page; a template with a search section of its own shows that one
  // instead, so the page never has two.
  const onApps = loc.pathname === PATHS.apps && !(template.data ?? DEFAULT_TEMPLATE).sections.includes('search');
  const logo = imageUrl(template.data?.images.logo, DEFAULT_IMAGES.logo);
  const delegation = useDelegationModal();

  return (
    <header className="sh-header">
      <div className="sh-header-inner">
        <NavLink to={PATHS.apps} className="sh-brand" data-testid="header-logo">
          <img
            src={logo}
            alt=""
            className="sh-logo"
            onError={(e) => {
              if (!e.currentTarget.src.endsWith(DEFAULT_IMAGES.logo)) e.currentTarget.src = DEFAULT_IMAGES.logo;
            }}
          />
          <span className="sh-brand-name">{t('appName')}</span>
        </NavLink>
        <nav className="sh-header-links">
          <NavLink to={PATHS.apps} data-testid="header-home" end>
            {t('nav.home')}
          </NavLink>
          <NavLink
            to={PATHS.todo}
            data-testid="header-my-matters"
            className={() => (MATTERS.includes(loc.pathname) ? 'active' : '')}
          >
            {t('nav.myMatters')}
          </NavLink>
          {/* Only administrators see the way in; the console itself asks the server who may enter. */}
          {profile?.roles.includes(SYSTEM_ADMIN_ROLE) && (
            <NavLink to={adminPath()} data-testid="header-console">
              {t('nav.console')}
            </NavLink>
          )}
        </nav>
        <div className="sh-header-search">{onApps && <SearchField />}</div>
        <div className="sh-header-right">
          <LanguageSwitch />
          {signedIn ? (
            <>
              <a
                className="sh-logout"
                data-testid="header-entrust"
                role="button"
                tabIndex={0}
                onClick={delegation.show}
                onPointerEnter={delegation.preload}
                onFocus={delegation.preload}
                onKeyDown={(e) => e.key === 'Enter' && delegation.show()}
              >
                {t('nav.entrust')}
              </a>
              {delegation.modal}
              <span className="sh-greeting" data-testid="header-user">
                {t('greeting', { name: profile?.name ?? '' })}
              </span>
              <a className="sh-logout" data-testid="logout" onClick={() => void signOut()} role="button" tabIndex={0}>
                {t('logout')}
              </a>
            </>
          ) : (
            // antd's small ghost Button in CSS (.sh-sign-in): antd's Button is 11 KB gzipped of the first load.
            <button
              type="button"
              className="sh-sign-in"
              data-testid="sign-in"
              onClick={() => void authSession().signIn(PATHS.apps)}
            >
              {t('signIn')}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
