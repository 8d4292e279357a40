import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { useProfile } from '../../../lib/auth/profile.ts';
import { runtimeConfig } from '../../../lib/config/runtime-config.ts';

/** /workflow/about on mobile. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const profile = useProfile().data;
  return (
    <div className="shm-page">
      <List header={t('title')}>
        <List.Item extra={t('productName')}>{t('product')}</List.Item>
        <List.Item extra={<span data-testid="about-version">{runtimeConfig().version}</span>}>{t('version')}</List.Item>
        <List.Item extra={t('institutionName')}>{t('institution')}</List.Item>
        <List.Item extra={profile?.department || '—'}>{t('department')}</List.Item>
      </List>
      <p style={{ padding: 12, color: 'var(--adm-color-weak)' }}>{t('intro')}</p>
    </div>
  );
}
