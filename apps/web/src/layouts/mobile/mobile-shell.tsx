import { NavBar, SearchBar, TabBar } from 'antd-mobile';
import { AppOutline, CheckCircleOutline, ClockCircleOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTodoCount } from '../../lib/counts.ts';
import { authSession } from '../../lib/auth-session.ts';
import { PATHS, searchPath } from '../../lib/paths.ts';
import { MeMenu } from './me-menu.tsx';

const TABS = [PATHS.apps, PATHS.todo, PATHS.doing, PATHS.done] as const;

// Title of the top bar on pages reached from a tab (common namespace keys).
const TITLES: Record<string, string> = {
  [PATHS.appall]: 'nav.allApps',
  [PATHS.appallHome]: 'nav.allApps',
  [PATHS.favorite]: 'nav.favorite',
  [PATHS.flowCc]: 'nav.flowCc',
  [PATHS.search]: 'nav.search',
  [PATHS.detail]: 'nav.detail',
  [PATHS.entrust]: 'nav.entrust',
  [PATHS.infos]: 'nav.infos',
  [PATHS.about]: 'nav.about',
  [PATHS.manage]: 'nav.manage',
  [PATHS.apply]: 'nav.apply',
};

/** Mobile chrome: top search (back arrow on appall), page, bottom navigation of four tabs (spec §2). */
export function MobileShell() {
  const { t } = useTranslation();
  const loc = useLocation();
  const navigate = useNavigate();
  const todo = useTodoCount();
  const onTab = (TABS as readonly string[]).includes(loc.pathname);
  const showBack = !onTab && loc.pathname !== PATHS.home;
  const tabs = [
    { key: PATHS.apps, title: t('nav.serviceHall'), icon: <AppOutline />, id: 'index' },
    { key: PATHS.todo, title: t('nav.todo'), icon: <UnorderedListOutline />, id: 'todo', badge: todo.data || undefined },
    { key: PATHS.doing, title: t('nav.doing'), icon: <ClockCircleOutline />, id: 'doing' },
    { key: PATHS.done, title: t('nav.done'), icon: <CheckCircleOutline />, id: 'done' },
  ];
  return (
    <div className="shm-app">
      <header className="shm-top">
        {showBack ? (
          <NavBar className="shm-navbar" onBack={() => (history.length > 1 ? navigate(-1) : navigate(PATHS.apps))}
            backIcon={<span data-testid="mobile-back" aria-label={t('back')}>‹</span>} right={<MeMenu />}>
            {t(TITLES[loc.pathname] ?? 'appShort')}
          </NavBar>
        ) : (
          <div className="shm-searchrow">
            <SearchBar
              className="shm-search"
              data-testid="search-input"
              placeholder={t('searchPlaceholder')}
              onSearch={(v) => v.trim() && navigate(searchPath(v.trim()))}
            />
            <MeMenu />
          </div>
        )}
      </header>
      <main className="shm-main">
        <Outlet />
      </main>
      {authSession().isSignedIn() && (
        <footer className="shm-tabbar">
          <TabBar activeKey={onTab ? loc.pathname : null} onChange={(k) => navigate(k)}>
            {tabs.map((tab) => (
              <TabBar.Item key={tab.key} title={<span data-testid={`tab-${tab.id}`}>{tab.title}</span>} icon={tab.icon} badge={tab.badge} />
            ))}
          </TabBar>
        </footer>
      )}
    </div>
  );
}
