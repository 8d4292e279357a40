import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnterpriseImages } from '@service-hall/contracts';
import { DEFAULT_IMAGES } from '../../../lib/page-template.ts';

const KEYS = ['banner-index', 'banner-swiper1', 'banner-swiper2', 'banner-swiper3'] as const;

/** Enterprise banners as a carousel; a banner that fails to load is swapped for the default image. */
export function BannerCarousel({ images }: { images: EnterpriseImages }) {
  const { t } = useTranslation('apps');
  const srcs = KEYS.map((k) => images[k]).filter((s): s is string => !!s);
  const list = srcs.length ? srcs : [DEFAULT_IMAGES.banner];
  return (
    <div className="sh-banner" data-testid="banner">
      <Carousel autoplay={list.length > 1} autoplaySpeed={5000} dots={list.length > 1}>
        {list.map((src, i) => (
          <div key={`${src}-${i}`}>
            <img
              className="sh-banner-img"
              src={src}
              alt={t('bannerAlt')}
              onError={(e) => {
                if (!e.currentTarget.src.endsWith(DEFAULT_IMAGES.banner)) e.currentTarget.src = DEFAULT_IMAGES.banner;
              }}
            />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
