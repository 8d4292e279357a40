import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { useProfile } from '../../../lib/auth/profile.ts';
import { runtimeConfig } from '../../../lib/config/runtime-config.ts';

/** /workflow/about: product version (from runtime config) and the institution. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const profile = useProfile().data;
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
    >
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'product', label: t('product'), children: t('productName') },
          {
            key: 'version',
            label: t('version'),
            children: <span data-testid="about-version">{runtimeConfig().version}</span>,
          },
          { key: 'institution', label: t('institution'), children: t('institutionName') },
          { key: 'department', label: t('department'), children: profile?.department || '—' },
        ]}
      />
    </Card>
  );
}
