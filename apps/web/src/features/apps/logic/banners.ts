import type { EnterpriseImages } from '@service-hall/contracts';

import { DEFAULT_IMAGES } from '../../../lib/config/page-template.ts';

const KEYS = ['banner-index', 'banner-swiper1', 'banner-swiper2', 'banner-swiper3'] as const;

/** The enterprise's banner images in display order, or the default banner when it has none. */
export function bannerSources(images: EnterpriseImages): string[] {
  const srcs = KEYS.map((k) => images[k]).filter((s): s is string => !!s && !!s.trim());
  return srcs.length ? srcs : [DEFAULT_IMAGES.banner];
}
