import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Locale = 'zh' | 'en';
export const LOCALE_KEY = 'locale';

// Every locales/<lng>/<namespace>.json is bundled: adding a namespace is adding its two files.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

function buildResources(): Record<string, Record<string, Record<string, unknown>>> {
  const res: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    (res[m[1]] ??= {})[m[2]] = mod.default;
  }
  return res;
}

/** Stored choice: en only when localStorage `locale` is 'en' (spec §9); Chinese otherwise. */
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
  const resources = buildResources();
  await i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'zh',
    ns: Object.keys(resources.zh ?? { common: {} }),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
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
  document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
  await i18next.changeLanguage(lng);
}

/** BCP-47 tag for Intl formatting of the current language. */
export function intlLocale(lng: string = i18next.language): string {
  return lng === 'en' ? 'en' : lng === 'zh' || !lng ? 'zh-CN' : lng;
}
