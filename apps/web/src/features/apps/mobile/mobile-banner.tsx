import { useState } from 'react';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { EnterpriseImages } from '@service-hall/contracts';
import { DEFAULT_IMAGES } from '../../../lib/page-template.ts';
import { bannerSources } from '../logic/banners.ts';
import { BannerCaption } from '../common/banner-caption.tsx';

/** Banner swiper; a banner that fails to load is swapped for the default image, which carries a caption. */
export function MobileBanner({ images }: { images: EnterpriseImages }) {
  const { t } = useTranslation('apps');
  const list = bannerSources(images);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  return (
    <div className="shm-banner" data-testid="banner">
      <Swiper autoplay={list.length > 1} loop={list.length > 1} indicator={list.length > 1 ? undefined : () => null}>
        {list.map((src, i) => {
          const shown = failed.has(i) ? DEFAULT_IMAGES.banner : src;
          return (
            <Swiper.Item key={`${src}-${i}`} className="sh-banner-slide">
              <img className="shm-banner-img" src={shown} alt={t('bannerAlt')}
                onError={() => { if (shown !== DEFAULT_IMAGES.banner) setFailed((f) => new Set(f).add(i)); }} />
              {shown === DEFAULT_IMAGES.banner && <BannerCaption />}
            </Swiper.Item>
          );
        })}
      </Swiper>
    </div>
  );
}
