import type { PageTemplate } from '@service-hall/contracts';

import { bannerSources } from '../features/apps/logic/banners.ts';
import { DEFAULT_IMAGES, imageUrl, templateParams } from '../lib/config/page-template.ts';

/**
 * What public/boot-shell.js paints before the app's code has run, for a returning signed-in user: the last
 * template's colour and images and the product's name in the language it was saved in.
 */
export interface ShellSnapshot {
  primary: string;
  logo: string;
  /** The first banner, when the home page starts with the banner section. */
  banner: string | null;
  brand: string;
  lang: 'zh' | 'en';
}

/** One per template (the entry URL's domain and solution choose it); public/boot-shell.js builds the same key. */
function key(): string {
  const p = templateParams();
  return `sh.shell:${p.domain}:${p.solution}`;
}

/** Remembers the template's look for the next visit's boot shell. */
export function saveShellSnapshot(t: PageTemplate, brand: string, lang: 'zh' | 'en'): void {
  const snap: ShellSnapshot = {
    primary: t.theme.primary,
    logo: imageUrl(t.images.logo, DEFAULT_IMAGES.logo),
    banner: t.sections[0] === 'banner' ? bannerSources(t.images)[0]! : null,
    brand,
    lang,
  };
  try {
    localStorage.setItem(key(), JSON.stringify(snap));
  } catch {
    /* private mode: no shell next time */
  }
}
