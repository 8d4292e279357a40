import './render-compat.ts';

import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { saveShellSnapshot } from '../../app/shell-snapshot.ts';
import { DEFAULT_TEMPLATE, usePageTemplate } from '../../lib/config/page-template.ts';
import type { LayoutAppProps } from '../../lib/routing/layout-contract.ts';
import { MobileFallback } from './mobile-fallback.tsx';
import { mobilePageLoaders } from './mobile-pages.ts';
import { MobileShell } from './mobile-shell.tsx';

import './mobile.css';

/** Mobile layout chunk (antd-mobile only, never antd). */
export default function MobileApp({ buildRouter }: LayoutAppProps) {
  const { i18n } = useTranslation();
  const template = usePageTemplate();
  const primary = template.data?.theme.primary ?? DEFAULT_TEMPLATE.theme.primary;
  // The next visit paints its boot shell (public/boot-shell.js) with this template's colour and first banner.
  useEffect(() => {
    if (template.data) saveShellSnapshot(template.data, i18n.t('appName'), i18n.language === 'en' ? 'en' : 'zh');
  }, [template.data, i18n]);
  // On the root, not only on .shm-root: popups and sheets are rendered into <body>, outside it.
  useEffect(() => {
    document.documentElement.style.setProperty('--adm-color-primary', primary);
  }, [primary]);
  const router = useMemo(
    () => buildRouter({ Shell: MobileShell, pageLoaders: mobilePageLoaders, Fallback: MobileFallback }),
    [buildRouter],
  );
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
      <div
        className="shm-root"
        style={{ ['--sh-primary' as string]: primary, ['--adm-color-primary' as string]: primary }}
      >
        {router}
      </div>
    </ConfigProvider>
  );
}
