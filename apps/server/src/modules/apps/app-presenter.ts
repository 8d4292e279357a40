import type { App } from '@service-hall/contracts';

import type { Locale } from '../../i18n/messages.ts';
import type { AppRow } from './apps-repository.ts';

/** English text when asked for and present, Chinese otherwise. */
export const pick = (locale: Locale, zh: string, en: string) => (locale === 'en' && en ? en : zh);

/** Maps an app row to the wire App (docs/product.md §3) in the request's language. */
export function presentApp(row: AppRow, locale: Locale): App {
  return {
    id: row.id,
    code: row.code,
    name: pick(locale, row.name, row.name_en),
    uri: row.uri,
    tags: pick(locale, row.tags, row.tags_en),
    icon: row.icon,
    department: pick(locale, row.department, row.department_en),
    abbreviation: row.abbreviation,
    description: pick(locale, row.description, row.description_en),
    recommend: row.recommend,
    palette: row.palette,
    rating: row.rated > 0 ? Math.round((row.rating_sum / row.rated) * 10) / 10 : 0,
    rated: row.rated,
    // Never null: clients read `system.name`; a built-in app's system is ours, named by nothing.
    system: {
      id: row.system_id ?? '',
      name: row.system_id ? pick(locale, row.system_name ?? '', row.system_name_en ?? '') : '',
    },
    processCounters: { completed: row.completed },
    firstLetter: row.first_letter,
    initials: row.initials,
    pinyin: row.pinyin,
    builtin: row.definition_code !== null,
    ready: row.definition_code !== null || row.uri !== '',
    visible: row.visible === '',
    // Only published (enabled) apps are ever presented: retiring an app takes it out of every list.
    release: true,
  };
}

/** Catalogue order: by first letter (`#` last), then pinyin, then name. */
export function compareApps(a: AppRow, b: AppRow): number {
  const la = a.first_letter === '#' ? '~' : a.first_letter;
  const lb = b.first_letter === '#' ? '~' : b.first_letter;
  if (la !== lb) return la < lb ? -1 : 1;
  if (a.pinyin !== b.pinyin) return a.pinyin < b.pinyin ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
