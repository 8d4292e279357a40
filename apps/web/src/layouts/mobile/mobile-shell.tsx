import { TabBar } from 'antd-mobile';
import { AppOutline, CheckCircleOutline, ClockCircleOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { ActiveDelegationNotice } from '../../features/delegations/mobile/active-delegation-notice.tsx';
import { LiveRefresh } from '../../features/live/live-refresh.tsx';
import { PageHeading } from '../../lib/a11y/page-heading.tsx';
import { MAIN_ID, SkipLink } from '../../lib/a11y/skip-link.tsx';
import { authSession } from '../../lib/auth/auth-session.ts';
import { useTodoCount } from '../../lib/domain/counts.ts';
import { pageTitleKey } from '../../lib/routing/page-title.ts';
import { PATHS } from '../../lib/routing/paths.ts';
import { ScrollMemory } from '../../lib/routing/scroll-memory.ts';
import { MeMenu } from './me-menu.tsx';
import { MobileSearch } from './mobile-search.tsx';
import { MobileTopBar } from './mobile-top-bar.tsx';

const TABS = [PATHS.apps, PATHS.todo, PATHS.doing, PATHS.done] as const;

/**
 * Whether Back stays inside the app. history.length counts the sign-in pages and the callback too (Back from a
 * deep link opened signed out would land on the IdP's error page); the router numbers its own entries.
 */
function canGoBack(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}

/**
 * Mobile chrome: top search on the service hall, a title bar on the list tabs (their pages hold the search),
 * back arrow elsewhere (all apps…), page, bottom navigation of four tabs (docs/product.md §2). Signed in, it
 * keeps the push-event stream open and shows the active-delegation notice.
 */
export function MobileShell() {
  const { t } = useTranslation();
  const loc = useLocation();
  const navigate = useNavigate();
  const todo = useTodoCount();
  const signedIn = authSession().isSignedIn();
  const onTab = (TABS as readonly string[]).includes(loc.pathname);
  const showBack = !onTab && loc.pathname !== PATHS.home;
  // The to-do, doing and done tabs carry their own list search (and year picker): a title bar, not a second search.
  const onListTab = onTab && loc.pathname !== PATHS.apps;
  const tabs = [
    { key: PATHS.apps, title: t('nav.serviceHall'), icon: <AppOutline />, id: 'index' },
    {
      key: PATHS.todo,
      title: t('nav.todo'),
      icon: <UnorderedListOutline />,
      id: 'todo',
      badge: todo.data || undefined,
    },
    { key: PATHS.doing, title: t('nav.doing'), icon: <ClockCircleOutline />, id: 'doing' },
    { key: PATHS.done, title: t('nav.done'), icon: <CheckCircleOutline />, id: 'done' },
  ];
  return (
    <div className="shm-app">
      <SkipLink />
      <header className="shm-top">
        {onListTab ? (
          <MobileTopBar title={t(pageTitleKey(loc.pathname))} right={<MeMenu />} />
        ) : showBack ? (
          <MobileTopBar
            title={t(pageTitleKey(loc.pathname))}
            right={<MeMenu />}
            onBack={() => (canGoBack() ? navigate(-1) : navigate(PATHS.apps, { replace: true }))}
          />
        ) : (
          <div className="shm-searchrow">
            <MobileSearch />
            <MeMenu />
          </div>
        )}
      </header>
      {/* Like desktop: a new page opens at its top, Back returns to where the list was. */}
      <ScrollMemory />
      {signedIn && <LiveRefresh />}
      <main className="shm-main" id={MAIN_ID} tabIndex={-1}>
        <PageHeading />
        {signedIn && <ActiveDelegationNotice />}
        <Outlet />
      </main>
      {signedIn && (
        <footer className="shm-tabbar">
          <TabBar activeKey={onTab ? loc.pathname : null} onChange={(k) => navigate(k)}>
            {tabs.map((tab) => (
              <TabBar.Item
                key={tab.key}
                title={<span data-testid={`tab-${tab.id}`}>{tab.title}</span>}
                icon={tab.icon}
                badge={tab.badge}
              />
            ))}
          </TabBar>
        </footer>
      )}
    </div>
  );
}
