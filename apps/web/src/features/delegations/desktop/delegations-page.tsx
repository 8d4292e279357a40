import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { CreateDelegationForm } from './create-delegation-form.tsx';
import { DelegationTabs } from './delegation-tabs.tsx';

/** /workflow/entrust: the delegation page (same content as the header's modal; the layout shows the active notice). */
export default function DelegationsPage() {
  const { t } = useTranslation('delegations');
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
    >
      <CreateDelegationForm />
      <DelegationTabs />
    </Card>
  );
}
