import i18next from 'i18next';

type Texts = Record<string, unknown>;
const waiting: Array<[string, Texts, Texts]> = [];

/**
 * A lazily loaded feature's texts, in their own namespace (both languages are small). The first screen's chunk may
 * be evaluated while i18next is still starting: main.tsx preloads the page beside initI18n, and in English the start
 * waits for the English chunk. i18next's resource methods exist only once it has started (a detail page opened
 * directly in English showed "Something went wrong": `addResourceBundle is not a function`), so texts registered
 * before then wait here and initI18n adds them.
 */
export function registerTexts(ns: string, zh: Texts, en: Texts): void {
  if (typeof i18next.addResourceBundle === 'function') add(ns, zh, en);
  else waiting.push([ns, zh, en]);
}

/** Adds the texts registered before i18next started; called by initI18n. */
export function addWaitingTexts(): void {
  for (const [ns, zh, en] of waiting.splice(0)) add(ns, zh, en);
}

function add(ns: string, zh: Texts, en: Texts): void {
  i18next.addResourceBundle('zh', ns, zh, true, true);
  i18next.addResourceBundle('en', ns, en, true, true);
}
