import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { saveShellSnapshot } from '../../app/shell-snapshot.ts';
import { DEFAULT_TEMPLATE, usePageTemplate } from '../../lib/config/page-template.ts';
import { AppMessageHost } from '../../lib/desktop-lazy/app-message.tsx';
import type { LayoutAppProps } from '../../lib/routing/layout-contract.ts';
import { whenIdle } from '../../lib/ui/when-idle.ts';
import { antdTheme } from './antd-theme.ts';
import { desktopPageLoaders } from './desktop-pages.ts';
import { DesktopShell } from './desktop-shell.tsx';
import { PageFallback } from './page-fallback.tsx';

import './desktop.css';

/** Desktop layout chunk: antd's ConfigProvider with the template's theme colour, then the router. */
export default function DesktopApp({ buildRouter }: LayoutAppProps) {
  const { i18n } = useTranslation();
  // dayjs's locale for antd's date pickers (dayjs-locale.ts), out of the first load: once the browser is idle.
  useEffect(
    () =>
      whenIdle(() => {
        void import('./dayjs-locale.ts').then(
          (m) => m.applyDayjsLocale(i18n.language),
          () => undefined,
        );
      }, 2000),
    [i18n.language],
  );
  const template = usePageTemplate();
  const primary = template.data?.theme.primary ?? DEFAULT_TEMPLATE.theme.primary;
  // The next visit paints its boot shell (public/boot-shell.js) in this template's colour with its images.
  useEffect(() => {
    if (template.data) saveShellSnapshot(template.data, i18n.t('appName'), i18n.language === 'en' ? 'en' : 'zh');
  }, [template.data, i18n]);
  const theme = useMemo(() => antdTheme(primary), [primary]);
  const router = useMemo(
    () => buildRouter({ Shell: DesktopShell, pageLoaders: desktopPageLoaders, Fallback: PageFallback }),
    [buildRouter],
  );
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={theme}>
      {/* antd's `App` wrapper set this text style; its message API is app-message.tsx, loaded on first use. */}
      <div
        className="sh-root"
        style={{
          ['--sh-primary' as string]: primary,
          ['--sh-primary-hover' as string]: theme.token?.colorPrimaryHover,
          ['--sh-primary-active' as string]: theme.token?.colorPrimaryActive,
        }}
      >
        {router}
      </div>
      <AppMessageHost />
    </ConfigProvider>
  );
}
