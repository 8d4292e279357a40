import { useState } from 'react';
import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnterpriseImages } from '@service-hall/contracts';
import { DEFAULT_IMAGES } from '../../../lib/page-template.ts';
import { bannerSources } from '../logic/banners.ts';
import { BannerCaption } from '../common/banner-caption.tsx';

/**
 * Enterprise banners as a carousel; a banner that fails to load is swapped for the default image. The default image
 * is plain artwork, so it carries the product's name and tagline as text (in the current language) on top.
 */
export function BannerCarousel({ images }: { images: EnterpriseImages }) {
  const { t } = useTranslation('apps');
  const list = bannerSources(images);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  return (
    <div className="sh-banner" data-testid="banner">
      <Carousel autoplay={list.length > 1} autoplaySpeed={5000} dots={list.length > 1}>
        {list.map((src, i) => {
          const shown = failed.has(i) ? DEFAULT_IMAGES.banner : src;
          return (
            <div key={`${src}-${i}`} className="sh-banner-slide">
              <img className="sh-banner-img" src={shown} alt={t('bannerAlt')}
                onError={() => { if (shown !== DEFAULT_IMAGES.banner) setFailed((f) => new Set(f).add(i)); }} />
              {shown === DEFAULT_IMAGES.banner && <BannerCaption />}
            </div>
          );
        })}
      </Carousel>
    </div>
  );
}
