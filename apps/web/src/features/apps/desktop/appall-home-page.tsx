import { Button, Card } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { authSession } from '../../../lib/auth-session.ts';
import { PATHS } from '../../../lib/paths.ts';
import AppallPage from './appall-page.tsx';
import '../apps.css';

/**
 * /workflow/appallHome, the public twin of appall. The catalogue API needs a token, so a visitor who is not
 * signed in gets a sign-in card instead of a list it cannot load.
 */
export default function AppallHomePage() {
  const { t } = useTranslation('apps');
  if (authSession().isSignedIn()) return <AppallPage />;
  return (
    <Card className="sh-signin-card" data-testid="signin-card">
      <LoginOutlined className="sh-signin-icon" />
      <h2>{t('home.signInTitle')}</h2>
      <p>{t('home.signInHint')}</p>
      <Button type="primary" size="large" data-testid="signin-card-button"
        onClick={() => void authSession().signIn(PATHS.appall)}>
        {t('common:signIn')}
      </Button>
    </Card>
  );
}
