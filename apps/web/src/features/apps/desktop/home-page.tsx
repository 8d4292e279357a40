import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { authSession } from '../../../lib/auth/auth-session.ts';
import { DEFAULT_TEMPLATE, usePageTemplate } from '../../../lib/config/page-template.ts';
import { PATHS } from '../../../lib/routing/paths.ts';
import { BannerCarousel } from '../common/banner-carousel.tsx';

import '../apps.css';

/** /workflow/home: public welcome page with the banner and a way in. */
export default function HomePage() {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const tpl = usePageTemplate().data ?? DEFAULT_TEMPLATE;
  const signedIn = authSession().isSignedIn();
  return (
    <div data-testid="page-home">
      <BannerCarousel className="sh-banner" images={tpl.images} />
      <section className="sh-page sh-welcome">
        <h1>{t('home.welcome')}</h1>
        <p>{t('home.subtitle')}</p>
        <div className="sh-welcome-actions">
          {signedIn ? (
            <Button type="primary" size="large" data-testid="home-enter" onClick={() => navigate(PATHS.apps)}>
              {t('home.enter')}
            </Button>
          ) : (
            <Button
              type="primary"
              size="large"
              data-testid="home-sign-in"
              onClick={() => void authSession().signIn(PATHS.apps)}
            >
              {t('common:signIn')}
            </Button>
          )}
          <Button size="large" onClick={() => navigate(signedIn ? PATHS.allApps : PATHS.allAppsPublic)}>
            {t('home.browse')}
          </Button>
        </div>
      </section>
    </div>
  );
}
