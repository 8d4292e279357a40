import { useTranslation } from 'react-i18next';

/** Name and tagline over the default banner (both layouts; no antd, so mobile can use it too). */
export function BannerCaption() {
  const { t } = useTranslation('apps');
  return (
    <div className="sh-banner-caption" data-testid="banner-caption">
      <div className="sh-banner-caption-title">{t('common:appName')}</div>
      <div className="sh-banner-caption-sub">{t('home.tagline')}</div>
    </div>
  );
}
