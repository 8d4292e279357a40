import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { EnterpriseImages, PageTemplate } from '@service-hall/contracts';
import { pageTemplateRoute } from '@service-hall/contracts/lite';

import { authSession } from '../auth/auth-session.ts';
import { call } from '../http/call.ts';
import { accessiblePrimary } from '../ui/accessible-colour.ts';
import { DEFAULT_PRIMARY } from './default-primary.ts';
import { device } from './device.ts';

const KEY = 'sh.template';

/** domain/solution from the entry URL (docs/product.md §2), kept for the visit so in-app navigation keeps them. */
export function templateParams(): { domain: string; solution: string; terminal: 'workflow' | 'wechat' } {
  const q = new URLSearchParams(window.location.search);
  let saved: { domain?: string; solution?: string } = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
  } catch {
    /* ignore */
  }
  const domain = q.get('domain') || saved.domain || 'todoCenter';
  const solution = q.get('solution') || saved.solution || 'default';
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ domain, solution }));
  } catch {
    /* ignore */
  }
  return { domain, solution, terminal: device().terminal };
}

export const DEFAULT_TEMPLATE: PageTemplate = {
  domain: 'todoCenter',
  solution: 'default',
  terminal: 'workflow',
  sections: ['banner', 'search', 'recommended', 'catalogue'],
  theme: { primary: DEFAULT_PRIMARY },
  images: {},
};

export const pageTemplateKey = (p: ReturnType<typeof templateParams>) => ['pageTemplate', p] as const;

/** Page template (sections, order, theme, enterprise images); falls back to the default on any failure. */
export async function getPageTemplate(p = templateParams()): Promise<PageTemplate> {
  // The views API needs a token; public pages of a signed-out visitor use the default template.
  if (!authSession().isSignedIn()) return DEFAULT_TEMPLATE;
  try {
    const t = await call(pageTemplateRoute, { query: p as never });
    if (!t) return DEFAULT_TEMPLATE;
    return { ...DEFAULT_TEMPLATE, ...t, theme: { ...DEFAULT_TEMPLATE.theme, ...t.theme }, images: t.images ?? {} };
  } catch (err) {
    console.warn('[template] using default', err);
    return DEFAULT_TEMPLATE;
  }
}

/** The template query for the entry URL's domain/solution (also prefetched at boot, app/preload.ts). */
export function pageTemplateQuery(p = templateParams()) {
  return queryOptions({ queryKey: pageTemplateKey(p), queryFn: () => getPageTemplate(p), staleTime: 10 * 60_000 });
}

/** The images for the UI language: in English the `en` variants replace the ones they exist for. */
export function localisedImages(images: EnterpriseImages, lang: string): EnterpriseImages {
  return lang === 'en' && images.en ? { ...images, ...images.en } : images;
}

/**
 * The template as the screens use it: images in the UI language, and a theme colour dark enough for white text
 * and for text on white (4.5:1), whatever colour the operator stored.
 */
export function usePageTemplate() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const select = useCallback(
    (t: PageTemplate): PageTemplate => ({
      ...t,
      theme: { ...t.theme, primary: accessiblePrimary(t.theme.primary) },
      images: localisedImages(t.images, lang),
    }),
    [lang],
  );
  return useQuery({ ...pageTemplateQuery(), select });
}

/** Absolute URL of an enterprise image (paths from the server are relative to its origin). */
export function imageUrl(src: string | undefined, fallback: string): string {
  return src && src.trim() ? src : fallback;
}

/** Default images shipped in public/images (relative to <base href>). */
export const DEFAULT_IMAGES = {
  logo: 'images/default-logo.svg',
  banner: 'images/default-banner.svg',
};
