import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { EnterpriseImages } from '@service-hall/contracts';

import { DEFAULT_IMAGES } from '../../../lib/config/page-template.ts';
import { bannerSources } from '../logic/banners.ts';
import { BannerCaption } from './banner-caption.tsx';
import { useAutoplay } from './use-autoplay.ts';

import './banner-carousel.css';

/**
 * Enterprise banners as a CSS scroll-snap carousel, both layouts (no library: antd's Carousel and antd-mobile's
 * Swiper cost 12 and 27 KB gzipped on the first page, see docs/adr/0008-web-first-load-within-the-size-and-lcp-budgets.md). A banner that fails to load is
 * swapped for the default image, which is plain artwork and so carries the product's name and tagline on top.
 */
export function BannerCarousel({
  images,
  className,
}: {
  images: EnterpriseImages;
  className: 'sh-banner' | 'shm-banner';
}) {
  const { t } = useTranslation('apps');
  const list = bannerSources(images);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const track = useRef<HTMLDivElement>(null);
  const { index, go, pause } = useAutoplay(track, list.length, 5000);
  return (
    <div className={`sh-carousel ${className}`} data-testid="banner" {...pause}>
      <div className="sh-carousel-track" ref={track} tabIndex={0} role="region" aria-label={t('bannerAlt')}>
        {list.map((src, i) => {
          const shown = failed.has(i) ? DEFAULT_IMAGES.banner : src;
          return (
            <div key={`${src}-${i}`} className="sh-banner-slide" aria-hidden={i !== index}>
              <img
                className={`${className}-img`}
                src={shown}
                alt={t('bannerAlt')}
                draggable={false}
                // The first banner is the page's largest paint; the others wait.
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                onError={() => {
                  if (shown !== DEFAULT_IMAGES.banner) setFailed((f) => new Set(f).add(i));
                }}
              />
              {shown === DEFAULT_IMAGES.banner && <BannerCaption />}
            </div>
          );
        })}
      </div>
      {list.length > 1 && (
        <div className="sh-carousel-dots">
          {list.map((src, i) => (
            <button
              key={`${src}-${i}`}
              type="button"
              className={i === index ? 'is-active' : ''}
              aria-label={t('bannerDot', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
