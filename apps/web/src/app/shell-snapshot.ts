import type { PageTemplate } from '@service-hall/contracts';
import { DEFAULT_IMAGES, imageUrl, templateParams } from '../lib/page-template.ts';
import { bannerSources } from '../features/apps/logic/banners.ts';

// One per template (the entry URL's domain and solution choose it).
const key = () => {
  const p = templateParams();
  return `sh.shell:${p.domain}:${p.solution}`;
};

/** What the desktop boot shell paints before the layout's code has run: the last template's colour and images. */
export interface ShellSnapshot {
  primary: string;
  logo: string;
  /** The first banner, when the home page starts with the banner section. */
  banner: string | null;
}

/** Remembers the template's look for the next visit's boot shell. */
export function saveShellSnapshot(t: PageTemplate): void {
  const snap: ShellSnapshot = {
    primary: t.theme.primary,
    logo: imageUrl(t.images.logo, DEFAULT_IMAGES.logo),
    banner: t.sections[0] === 'banner' ? bannerSources(t.images)[0]! : null,
  };
  try {
    localStorage.setItem(key(), JSON.stringify(snap));
  } catch {
    /* private mode: no shell next time */
  }
}

/** The last visit's look, or null on a first visit. */
export function loadShellSnapshot(): ShellSnapshot | null {
  try {
    const s = JSON.parse(localStorage.getItem(key()) ?? 'null') as ShellSnapshot | null;
    return s && typeof s.primary === 'string' && typeof s.logo === 'string' ? s : null;
  } catch {
    return null;
  }
}
