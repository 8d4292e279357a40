import { lazy, Suspense, StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import i18next from 'i18next';
import type { LayoutDef } from '../lib/layout-contract.ts';
import { routerBasename } from '../lib/runtime-config.ts';
import { device } from '../lib/device.ts';
import { buildRoutes } from './routes.tsx';
import { createQueryClient } from './query-client.ts';
import { BootSplash } from './boot-splash.tsx';

// Separate chunks: a phone never downloads antd, a desktop never downloads antd-mobile.
const DesktopApp = lazy(() => import('../layouts/desktop/desktop-app.tsx'));
const MobileApp = lazy(() => import('../layouts/mobile/mobile-app.tsx'));

const queryClient = createQueryClient();
// Server texts (app names, step names, error messages) follow Accept-Language: refetch them on a language switch.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

function buildRouter(layout: LayoutDef) {
  return createBrowserRouter(buildRoutes(layout), { basename: routerBasename() || undefined });
}

/** Providers shared by both layouts, then the layout chosen from the user-agent. */
export function Root() {
  const Layout = device().mobile ? MobileApp : DesktopApp;
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<BootSplash />}>
          <Layout buildRouter={buildRouter} />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>
  );
}
