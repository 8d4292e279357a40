import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode, Suspense, useMemo, type ComponentType } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';

import { routerBasename } from '../lib/config/runtime-config.ts';
import type { LayoutAppProps, LayoutDef } from '../lib/routing/layout-contract.ts';
import { BootSplash } from './boot-splash.tsx';
import { queryClient } from './query-client.ts';
import { buildRoutes } from './routes.tsx';

// Server texts (app names, step names, error messages) follow Accept-Language: refetch them on a language switch.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

function AppRoutes({ layout }: { layout: LayoutDef }) {
  return useRoutes(useMemo(() => buildRoutes(layout), [layout]));
}

// The declarative router, not the data router (createBrowserRouter): no page uses loaders, actions or blockers, and
// the data router's code is ~15 KB compressed of the entry (docs/adr/0029-route-descriptors-for-the-browser-declarative-router.md).
function buildRouter(layout: LayoutDef) {
  return (
    <BrowserRouter basename={routerBasename() || undefined}>
      <AppRoutes layout={layout} />
    </BrowserRouter>
  );
}

/** Providers shared by both layouts, then the layout chosen from the user-agent (loaded by app/preload.ts). */
export function Root({ Layout }: { Layout: ComponentType<LayoutAppProps> }) {
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
