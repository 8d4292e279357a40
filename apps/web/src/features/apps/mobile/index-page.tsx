import { List, Skeleton } from 'antd-mobile';
import { FileOutline, RightOutline } from 'antd-mobile-icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import type { HomeSection } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { DEFAULT_TEMPLATE, usePageTemplate } from '../../../lib/config/page-template.ts';
import { topApps } from '../../../lib/domain/top-apps.ts';
import { errorText } from '../../../lib/http/api-error.ts';
import { LazyErrorBlock } from '../../../lib/mobile-lazy/index.ts';
import { guidePath, PATHS } from '../../../lib/routing/paths.ts';
import { useGuides } from '../api/get-guides.ts';
import { useRecommended } from '../api/get-recommended.ts';
import { useCatalogue } from '../api/use-catalogue.ts';
import { BannerCarousel } from '../common/banner-carousel.tsx';
import { groupByLetter } from '../logic/letter-groups.ts';
import { AppCell, AppRow } from './app-tile.tsx';

import '../apps-mobile.css';

/** Mobile /workflow/index: template sections; the catalogue is a preview with a link to all apps. */
export default function MobileIndexPage() {
  const { t } = useTranslation('apps');
  const template = usePageTemplate();
  const tpl = template.data ?? DEFAULT_TEMPLATE;
  const cat = useCatalogue();
  const rec = useRecommended();
  const profile = useProfile();
  const email = profile.data?.email;
  const top = topApps(email, cat.apps, 8);
  const navigate = useNavigate();
  const guides = useGuides();

  const section = (s: HomeSection) => {
    switch (s) {
      case 'banner':
        return <BannerCarousel className="shm-banner" key={s} images={tpl.images} />;
      case 'recommended':
        return (
          <section key={s} className="shm-page" data-testid="section-recommended">
            <h2 className="sh-section-title">{t('recommended')}</h2>
            {/* Three per row (docs/product.md: recommended apps are grouped 3 per row). */}
            <div className="shm-cells shm-cells-3">
              {(rec.data ?? []).map((a) => (
                <AppCell key={a.id} app={a} />
              ))}
            </div>
          </section>
        );
      case 'catalogue':
        return (
          <section key={s} className="shm-page" data-testid="section-catalogue">
            {top.length > 0 && (
              <>
                <h2 className="sh-section-title">{t('topApps')}</h2>
                <div className="shm-cells" data-testid="section-top">
                  {top.map((a) => (
                    <AppCell key={a.id} app={a} />
                  ))}
                </div>
              </>
            )}
            <div className="shm-section-head">
              <h2 className="sh-section-title">{t('catalogue')}</h2>
              <Link to={PATHS.allApps} data-testid="link-appall">
                {t('viewAll')} <RightOutline />
              </Link>
            </div>
            {cat.error ? (
              <Suspense>
                <LazyErrorBlock status="default" title={errorText(cat.error)} description="" />
              </Suspense>
            ) : (
              groupByLetter(cat.apps)
                .flatMap((g) => g.apps)
                .slice(0, 8)
                .map((a) => <AppRow key={a.id} app={a} favorite={cat.favorites.has(a.id)} />)
            )}
          </section>
        );
      case 'guides':
        return (
          <section key={s} className="shm-page" data-testid="section-guides">
            <h2 className="sh-section-title">{t('guides')}</h2>
            <List>
              {(guides.data ?? []).map((g) => (
                <List.Item
                  key={g.id}
                  prefix={<FileOutline />}
                  data-testid={`guide-card-${g.id}`}
                  onClick={() => navigate(guidePath(g.id))}
                  description={t('guideSteps', { count: g.guideStepList?.length ?? 0 })}
                >
                  {g.title}
                </List.Item>
              ))}
            </List>
          </section>
        );
      default:
        return null;
    }
  };
  // Sections whose height depends on data (how many recommended apps, whether there are frequently used ones) are
  // drawn together once that data is in; until then one placeholder stands below the banner and nothing follows it,
  // so no section is ever pushed down by one above it (a layout shift of 0.33 without it).
  const ready = !template.isLoading && !profile.isLoading && !rec.isLoading && !cat.isLoading;
  const waiting = tpl.sections.findIndex((s) => s !== 'banner');
  return (
    <div data-testid="page-apps">
      {ready || waiting < 0
        ? tpl.sections.map(section)
        : [
            ...tpl.sections.slice(0, waiting).map(section),
            <div key="loading" className="shm-page shm-index-loading" data-testid="index-loading" aria-busy="true">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={8} animated />
            </div>,
          ]}
    </div>
  );
}
