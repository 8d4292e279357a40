import { Layout, Menu, Result, Skeleton, type MenuProps } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';

import type { AdminMe } from '@service-hall/contracts';

import { withChunkRecovery } from '../../../lib/routing/chunk-recovery.ts';
import { ADMIN_PREFIX, adminPath } from '../../../lib/routing/paths.ts';

import '../../../i18n/locales/lazy/admin.ts';

import { ConsoleMeContext } from './console-me.ts';
import { CONSOLE_NAV, navFor, navItemAt, type ConsoleNavItem } from './console-nav.ts';
import { CONSOLE_PAGES } from './console-pages.tsx';

import './console.css';

// The form designer on its own, for trying it and its e2e; the definitions page embeds it too.
const FormDesignerHarness = lazy(
  withChunkRecovery(() => import('../definitions/form-designer/form-designer-harness.tsx')),
);

/** The administration console: a menu of the pages the caller may open, and the open page. */
export default function ConsoleApp({ me }: { me: AdminMe }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const allowed = navFor(me);
  const current = navItemAt(pathname.slice(ADMIN_PREFIX.length + 1));
  const link = (item: ConsoleNavItem) => (
    <NavLink to={adminPath(item.path)} data-testid={`console-nav-${item.key}`}>
      {t(`nav.${item.key}`)}
    </NavLink>
  );
  const people = allowed.filter((i) => i.group === 'people');
  const items: MenuProps['items'] = allowed
    .filter((i) => !i.group)
    .map((item) => ({ key: item.key, label: link(item) }));
  // People's four pages sit together under one heading, after the look page.
  if (people.length) {
    items.splice(3, 0, {
      type: 'group',
      key: 'people',
      label: t('nav.people'),
      children: people.map((item) => ({ key: item.key, label: link(item) })),
    });
  }
  return (
    <ConsoleMeContext.Provider value={me}>
      <Layout className="sh-console" hasSider>
        <Layout.Sider theme="light" width={208} className="sh-console-sider">
          <nav aria-label={t('menu')}>
            <Menu mode="inline" items={items} selectedKeys={current ? [current.key] : []} />
          </nav>
        </Layout.Sider>
        <Layout.Content className="sh-console-content">
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <Routes>
              <Route index element={<Navigate to={adminPath(allowed[0]!.path)} replace />} />
              {CONSOLE_NAV.map((item) => {
                const Page = CONSOLE_PAGES[item.key]!;
                const ok = allowed.includes(item);
                return (
                  <Route
                    key={item.key}
                    path={`${item.path}/*`}
                    element={
                      ok ? (
                        <Page />
                      ) : (
                        <Result status="403" title={<h1 className="sh-result-title">{t('systemOnly')}</h1>} />
                      )
                    }
                  />
                );
              })}
              <Route path="form-designer" element={<FormDesignerHarness />} />
              <Route path="*" element={<Navigate to={adminPath(allowed[0]!.path)} replace />} />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </ConsoleMeContext.Provider>
  );
}
