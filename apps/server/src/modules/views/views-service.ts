import {
  ENTERPRISE_IMAGE_KINDS,
  type EnterpriseImages,
  type HomeSection,
  type PageTemplate,
} from '@service-hall/contracts';

import type { AppContext } from '../../platform/context.ts';
import { selectEnterpriseImages, selectTemplate, selectUserEnterprise } from './views-repository.ts';

const DEFAULT_DOMAIN = 'todoCenter';
const DEFAULT_SOLUTION = 'default';
const FALLBACK_SECTIONS: HomeSection[] = ['banner', 'search', 'recommended', 'catalogue'];

/**
 * The home-page template for domain + solution + terminal (docs/product.md §11). An unknown domain or solution falls back to
 * todoCenter/default for that terminal, then to a built-in layout, so a mistyped link still renders a home page.
 */
export async function getPageTemplate(
  ctx: AppContext,
  q: { domain: string; solution: string; terminal: 'workflow' | 'wechat' },
  userId: string,
): Promise<PageTemplate> {
  const stored =
    (await selectTemplate(ctx.db, q.domain, q.solution, q.terminal)) ??
    (await selectTemplate(ctx.db, DEFAULT_DOMAIN, DEFAULT_SOLUTION, q.terminal));
  const config = stored ? (JSON.parse(stored) as Omit<PageTemplate, 'images'>) : null;
  const enterpriseId = await selectUserEnterprise(ctx.db, userId);
  return {
    domain: config?.domain ?? DEFAULT_DOMAIN,
    solution: config?.solution ?? DEFAULT_SOLUTION,
    terminal: q.terminal,
    sections: config?.sections ?? FALLBACK_SECTIONS,
    theme: config?.theme ?? { primary: '#1677ff' },
    images: enterpriseId ? await imagesOf(ctx, enterpriseId) : {},
  };
}

type ImageKind = (typeof ENTERPRISE_IMAGE_KINDS)[number];

async function imagesOf(ctx: AppContext, enterpriseId: string): Promise<EnterpriseImages> {
  const kinds = new Set<string>(ENTERPRISE_IMAGE_KINDS);
  const images: EnterpriseImages = {};
  const en: NonNullable<EnterpriseImages['en']> = {};
  for (const { kind, url } of await selectEnterpriseImages(ctx.db, enterpriseId)) {
    // `logo@en`: the English variant of `logo` (the logo and banners carry text in one language).
    const [base, lang] = kind.split('@') as [ImageKind, string | undefined];
    if (!kinds.has(base)) continue;
    if (lang === 'en') en[base] = url;
    else if (!lang) images[base] = url;
  }
  if (Object.keys(en).length) images.en = en;
  return images;
}
