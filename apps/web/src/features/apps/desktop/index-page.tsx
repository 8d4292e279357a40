import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { HomeSection } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { DEFAULT_TEMPLATE, usePageTemplate } from '../../../lib/config/page-template.ts';
import { LazyErrorAlert } from '../../../lib/desktop-lazy/index.ts';
import { errorText } from '../../../lib/http/api-error.ts';
import { PATHS } from '../../../lib/routing/paths.ts';
import { useRecommended } from '../api/get-recommended.ts';
import { useCatalogue } from '../api/use-catalogue.ts';
import { BannerCarousel } from '../common/banner-carousel.tsx';
import { CataloguePreview } from './catalogue-preview.tsx';
import { GuidesSection } from './guides-section.tsx';
import { HeroSearch } from './hero-search.tsx';
import { RecommendedSection } from './recommended-section.tsx';
import { TopAppsSection } from './top-apps-section.tsx';

import '../apps.css';

/** /workflow/index: the sections the page template lists, in its order (docs/product.md §11). */
export default function IndexPage() {
  const { t } = useTranslation('apps');
  const template = usePageTemplate();
  const cat = useCatalogue();
  const rec = useRecommended();
  const profile = useProfile();
  const tpl = template.data ?? DEFAULT_TEMPLATE;

  const render = (s: HomeSection, i: number) => {
    switch (s) {
      case 'banner':
        return <BannerCarousel key={s} images={tpl.images} className="sh-banner" />;
      case 'search':
        // Over the banner's lower edge when it follows the banner; a plain bar otherwise.
        return <HeroSearch key={s} overlap={tpl.sections[i - 1] === 'banner'} />;
      case 'recommended':
        return <RecommendedSection key={s} favorites={cat.favorites} catalogue={cat.apps} />;
      case 'catalogue':
        return (
          <section key={s} className="sh-page sh-section" data-testid="section-catalogue">
            <div className="sh-section-head">
              <h2 className="sh-section-title">{t('catalogue')}</h2>
              <Link to={PATHS.allApps} data-testid="link-appall">
                {t('viewAll')}
              </Link>
            </div>
            {cat.error ? (
              <Suspense>
                <LazyErrorAlert message={errorText(cat.error)} onRetry={() => void cat.refetch()} />
              </Suspense>
            ) : (
              <CataloguePreview apps={cat.apps} favorites={cat.favorites} />
            )}
          </section>
        );
      case 'guides':
        return <GuidesSection key={s} />;
      default:
        return null;
    }
  };

  // 常用应用 sit just above the catalogue they are drawn from.
  const withTop = (s: HomeSection, i: number) =>
    s === 'catalogue'
      ? [<TopAppsSection key="top" apps={cat.apps} favorites={cat.favorites} />, render(s, i)]
      : render(s, i);
  // Sections sized by data (recommended apps, frequently used ones, the catalogue) are drawn together once it is in;
  // until then one placeholder follows the banner and search, so nothing is pushed down later (layout shift).
  const ready = !template.isLoading && !profile.isLoading && !rec.isLoading && !cat.isLoading;
  const waiting = tpl.sections.findIndex((s) => s !== 'banner' && s !== 'search');
  return (
    <div className="sh-index" data-testid="page-apps">
      {ready || waiting < 0
        ? tpl.sections.map(withTop)
        : [
            ...tpl.sections.slice(0, waiting).map(withTop),
            <section
              key="loading"
              className="sh-page sh-section sh-index-loading"
              data-testid="index-loading"
              aria-busy="true"
            >
              <Skeleton active paragraph={{ rows: 10 }} />
            </section>,
          ]}
    </div>
  );
}
