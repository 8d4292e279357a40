import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { authSession } from '../../../lib/auth/auth-session.ts';
import { DEFAULT_TEMPLATE, usePageTemplate } from '../../../lib/config/page-template.ts';
import { PATHS } from '../../../lib/routing/paths.ts';
import { BannerCarousel } from '../common/banner-carousel.tsx';

import '../apps-mobile.css';

/** Mobile /workflow/home: welcome, banner and a way in. */
export default function MobileHomePage() {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const tpl = usePageTemplate().data ?? DEFAULT_TEMPLATE;
  const signedIn = authSession().isSignedIn();
  return (
    <div data-testid="page-home">
      <BannerCarousel className="shm-banner" images={tpl.images} />
      <section className="shm-page shm-welcome">
        <h1>{t('home.welcome')}</h1>
        <p>{t('home.subtitle')}</p>
        <Button
          block
          color="primary"
          size="large"
          data-testid={signedIn ? 'home-enter' : 'home-sign-in'}
          onClick={() => (signedIn ? navigate(PATHS.apps) : void authSession().signIn(PATHS.apps))}
        >
          {signedIn ? t('home.enter') : t('common:signIn')}
        </Button>
      </section>
    </div>
  );
}
