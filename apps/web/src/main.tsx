import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { initI18n } from './i18n/index.ts';
import { initAuth } from './app/auth/create-auth.ts';
import { anyLiveSession } from './app/auth/stored-user.ts';
import { Root } from './app/root.tsx';
import { BootSplash } from './app/boot-splash.tsx';
import { BootShell } from './app/boot-shell.tsx';
import { loadShellSnapshot } from './app/shell-snapshot.ts';
import { loadLayout, prefetchFirstData, preloadPage, routePage } from './app/preload.ts';
import { queryClient } from './app/query-client.ts';
import { device } from './lib/device.ts';

const root = createRoot(document.getElementById('root')!);

/** A returning signed-in desktop user gets the header (and on the home page the banner) at once. */
function firstPaint() {
  const snapshot = !device().mobile && anyLiveSession() ? loadShellSnapshot() : null;
  return snapshot ? <BootShell snapshot={snapshot} home={routePage() === 'apps'} /> : <BootSplash />;
}

// Config comes first: it names the IdP, API bases and base path for this deployment (and HTTP/1.1 gives a page six
// connections, which the chunks below would otherwise take). The shell is painted before the layout's and page's
// code downloads and runs; the first screen's data is requested as soon as the stored session is read.
// Marks (sh:shell, sh:auth, sh:code) let bench/src/page/lcp-probe.ts show where the start-up time goes.
async function boot(): Promise<void> {
  const config = loadRuntimeConfig();
  await initI18n();
  flushSync(() => root.render(firstPaint()));
  performance.mark('sh:shell');
  // Let the browser paint the shell before the chunks' evaluation takes the main thread.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const layout = loadLayout();
  const page = preloadPage();
  await initAuth(await config);
  performance.mark('sh:auth');
  prefetchFirstData(queryClient);
  const [{ default: Layout }] = await Promise.all([layout, page]);
  performance.mark('sh:code');
  root.render(<Root Layout={Layout} />);
}

boot().catch((err: unknown) => {
  console.error('[boot] failed', err);
  root.render(<BootSplash error={`Service Hall could not start / 服务大厅无法启动\n${String(err)}`} />);
});
