import { LoginOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';

import { authSession } from '../../../lib/auth/auth-session.ts';
import { PATHS } from '../../../lib/routing/paths.ts';
import AllAppsPage from './all-apps-page.tsx';

import '../apps.css';

/**
 * /workflow/appallHome, the public twin of the all-apps page. The catalogue API needs a token, so a visitor who is not
 * signed in gets a sign-in card instead of a list it cannot load.
 */
export default function AllAppsPublicPage() {
  const { t } = useTranslation('apps');
  if (authSession().isSignedIn()) return <AllAppsPage />;
  return (
    <Card className="sh-signin-card" data-testid="signin-card">
      <LoginOutlined className="sh-signin-icon" />
      <h2>{t('home.signInTitle')}</h2>
      <p>{t('home.signInHint')}</p>
      <Button
        type="primary"
        size="large"
        data-testid="signin-card-button"
        onClick={() => void authSession().signIn(PATHS.allApps)}
      >
        {t('common:signIn')}
      </Button>
    </Card>
  );
}
