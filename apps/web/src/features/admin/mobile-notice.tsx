import { useTranslation } from 'react-i18next';

/** The console is a desktop screen: on a phone, say so instead of loading antd into the mobile layout. */
export default function AdminMobileNotice() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 24, textAlign: 'center' }} data-testid="console-desktop-only">
      <h1 style={{ fontSize: 18 }}>{t('admin.consoleDesktopOnly')}</h1>
      <p>{t('admin.consoleDesktopOnlyHint')}</p>
    </div>
  );
}
