import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { addWaitingTexts } from './chunk-texts.ts';
import { namespaces, type Resources } from './namespaces.ts';

export type Locale = 'zh' | 'en';
export const LOCALE_KEY = 'locale';

// Every locales/<lng>/<namespace>.json is bundled: adding a namespace is adding its two files. Chinese (the default
// and the fallback) is in the entry; English is one chunk, loaded only when chosen. The texts of a lazily loaded part
// (the console, the attachment widgets) are in locales/lazy/<lng>/<namespace>.json instead and travel with that
// part's chunk: the part imports locales/lazy/<namespace>.ts, which registers them (chunk-texts.ts).
const zh = namespaces(import.meta.glob<{ default: Record<string, unknown> }>('./locales/zh/*.json', { eager: true }));
const loadEn = () => import('./locales/en.ts').then((m) => m.default);

/** Stored choice: en only when localStorage `locale` is 'en' (docs/product.md §9); Chinese otherwise. */
export function storedLocale(): Locale {
  try {
    return localStorage.getItem(LOCALE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

/** Initialises i18next once; resolves when resources are ready. */
export async function initI18n(lng: Locale = storedLocale()): Promise<typeof i18next> {
  if (i18next.isInitialized) return i18next;
  const resources: Resources = { zh, ...(lng === 'en' ? { en: await loadEn() } : {}) };
  await i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'zh',
    ns: Object.keys(zh),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  addWaitingTexts();
  document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
  return i18next;
}

/** Switches the language live and remembers it. */
export async function setLocale(lng: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_KEY, lng);
  } catch {
    /* private mode: switch for this visit only */
  }
  if (lng === 'en' && !i18next.hasResourceBundle('en', 'common')) {
    for (const [ns, texts] of Object.entries(await loadEn())) i18next.addResourceBundle('en', ns, texts);
  }
  document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
  await i18next.changeLanguage(lng);
}

/** BCP-47 tag for Intl formatting of the current language. */
export function intlLocale(lng: string = i18next.language): string {
  return lng === 'en' ? 'en' : lng === 'zh' || !lng ? 'zh-CN' : lng;
}
