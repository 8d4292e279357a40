import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { initI18n } from './i18n/index.ts';
import { initAuth } from './app/auth/create-auth.ts';
import { Root } from './app/root.tsx';
import { BootSplash } from './app/boot-splash.tsx';

const root = createRoot(document.getElementById('root')!);

// Config comes first: it names the IdP, API bases and base path for this deployment.
async function boot(): Promise<void> {
  root.render(<BootSplash />);
  const [cfg] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  await initAuth(cfg);
  root.render(<Root />);
}

boot().catch((err: unknown) => {
  console.error('[boot] failed', err);
  root.render(<BootSplash error={`Service Hall could not start / 服务大厅无法启动\n${String(err)}`} />);
});
