import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { EnterpriseImages } from '@service-hall/contracts';
import { DEFAULT_IMAGES } from '../../../lib/page-template.ts';

const KEYS = ['banner-index', 'banner-swiper1', 'banner-swiper2', 'banner-swiper3'] as const;

/** Banner swiper; a banner that fails to load is swapped for the default image. */
export function MobileBanner({ images }: { images: EnterpriseImages }) {
  const { t } = useTranslation('apps');
  const srcs = KEYS.map((k) => images[k]).filter((s): s is string => !!s);
  const list = srcs.length ? srcs : [DEFAULT_IMAGES.banner];
  return (
    <div className="shm-banner" data-testid="banner">
      <Swiper autoplay={list.length > 1} loop={list.length > 1} indicator={list.length > 1 ? undefined : () => null}>
        {list.map((src, i) => (
          <Swiper.Item key={`${src}-${i}`}>
            <img className="shm-banner-img" src={src} alt={t('bannerAlt')}
              onError={(e) => {
                if (!e.currentTarget.src.endsWith(DEFAULT_IMAGES.banner)) e.currentTarget.src = DEFAULT_IMAGES.banner;
              }} />
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
