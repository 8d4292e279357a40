import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { authSession } from '../../../lib/auth/auth-session.ts';
import { PATHS } from '../../../lib/routing/paths.ts';
import MobileAllAppsPage from './all-apps-page.tsx';

/** Mobile /workflow/appallHome: the list when signed in, else a sign-in prompt (the API needs a token). */
export default function MobileAllAppsPublicPage() {
  const { t } = useTranslation('apps');
  if (authSession().isSignedIn()) return <MobileAllAppsPage />;
  return (
    <div className="shm-page" data-testid="signin-card">
      <Result status="info" title={t('home.signInTitle')} description={t('home.signInHint')} />
      <Button
        block
        color="primary"
        data-testid="signin-card-button"
        onClick={() => void authSession().signIn(PATHS.allApps)}
      >
        {t('common:signIn')}
      </Button>
    </div>
  );
}
