import { createRoot } from 'react-dom/client';

import { initAuth } from './app/auth/create-auth.ts';
import { BootSplash } from './app/boot-splash.tsx';
import { loadLayout, prefetchFirstData, prefetchRouteData, preloadPage } from './app/preload.ts';
import { queryClient } from './app/query-client.ts';
import { Root } from './app/root.tsx';
import { initI18n } from './i18n/index.ts';
import { loadRuntimeConfig } from './lib/config/runtime-config.ts';

const root = createRoot(document.getElementById('root')!);

// public/boot-shell.js may already have painted the desktop shell into #root (a returning signed-in user); React
// replaces it with the layout. Config comes first: it names the IdP, API bases and base path for this deployment
// (and HTTP/1.1 gives a page six connections, which the chunks below would otherwise take). The layout's and the
// page's code download meanwhile; the first screen's data is requested as soon as the stored session is read.
// Marks (sh:shell from boot-shell.js, sh:auth, sh:code) let bench/src/page/lcp-probe.ts show where the time goes.
async function boot(): Promise<void> {
  const config = loadRuntimeConfig();
  if (!document.querySelector('#root > .boot-shell')) root.render(<BootSplash />);
  const routeData = prefetchRouteData();
  const layout = loadLayout();
  const page = preloadPage();
  const [cfg] = await Promise.all([config, initI18n()]);
  await initAuth(cfg);
  performance.mark('sh:auth');
  prefetchFirstData(queryClient);
  routeData(queryClient);
  const [{ default: Layout }] = await Promise.all([layout, page]);
  performance.mark('sh:code');
  root.render(<Root Layout={Layout} />);
}

boot().catch((err: unknown) => {
  console.error('[boot] failed', err);
  root.render(<BootSplash error={`Service Hall could not start / 服务大厅无法启动\n${String(err)}`} />);
});
