import type { Db } from '../../db/database.ts';
import { stripTags } from '../../text/sanitize-html.ts';
import type { AppRow } from '../apps/apps-repository.ts';
import { catalogueRows } from '../apps/apps-service.ts';
import { catalogueCache } from '../apps/catalogue-version.ts';

/** One searchable thing: short keys matched exactly or by prefix, and a haystack matched by "contains". */
export interface IndexEntry<T> {
  item: T;
  /** Lower-cased names, initials and full pinyin. */
  keys: string[];
  /** Every searchable text, lower-cased, joined with a separator no keyword contains. */
  haystack: string;
}

export interface GuideRef {
  id: string;
  state: number;
  updateTime: number;
}

export interface SearchIndex {
  apps: IndexEntry<AppRow>[];
  guides: IndexEntry<GuideRef>[];
}

const SEP = '\u0000';
const lower = (parts: string[]) => parts.filter(Boolean).map((p) => p.toLowerCase());

// Rebuilt when this instance changes the catalogue, and at least every 30 s for changes made by other instances.
const cache = catalogueCache<'index', SearchIndex>(30_000);

/** The search index of a database: apps and guides with lower-cased haystacks, built once and cached. */
export function searchIndex(db: Db): Promise<SearchIndex> {
  return cache(db, 'index', () => buildIndex(db));
}

async function buildIndex(db: Db): Promise<SearchIndex> {
  const [apps, guides, steps] = await Promise.all([
    catalogueRows(db),
    db
      .selectFrom('guides')
      .select(['id', 'title', 'title_en', 'keyword', 'pinyin', 'initials', 'state', 'update_time'])
      .execute(),
    db.selectFrom('guide_steps').select(['guide_id', 'step_title', 'step_title_en', 'context', 'context_en']).execute(),
  ]);
  const stepText = new Map<string, string[]>();
  for (const s of steps) {
    const list = stepText.get(s.guide_id) ?? [];
    list.push(s.step_title, s.step_title_en, stripTags(s.context), stripTags(s.context_en));
    stepText.set(s.guide_id, list);
  }
  return {
    apps: apps.map((a) => {
      const keys = lower([a.name, a.name_en, a.initials, a.pinyin, a.abbreviation]);
      const texts = lower([a.tags, a.tags_en, a.department, a.department_en, a.description, a.description_en]);
      return { item: a, keys, haystack: [...keys, ...texts].join(SEP) };
    }),
    guides: guides.map((g) => {
      const keys = lower([g.title, g.title_en, g.initials, g.pinyin]);
      const texts = lower([g.keyword, ...(stepText.get(g.id) ?? [])]);
      return {
        item: { id: g.id, state: g.state, updateTime: g.update_time },
        keys,
        haystack: [...keys, ...texts].join(SEP),
      };
    }),
  };
}

/**
 * Ranks an entry for a query: 0 a key equals the keyword, 1 a key starts with it, 2 the haystack contains it,
 * 3 the haystack contains every word, 3 + missing words when it contains more than half of them; null otherwise.
 */
export function rank(entry: IndexEntry<unknown>, keyword: string, words: string[]): number | null {
  if (entry.keys.includes(keyword)) return 0;
  if (entry.keys.some((k) => k.startsWith(keyword))) return 1;
  if (entry.haystack.includes(keyword)) return 2;
  if (words.length < 2) return null;
  let missing = 0;
  for (const w of words) if (!entry.haystack.includes(w)) missing++;
  if (missing === 0) return 3;
  return missing * 2 < words.length ? 3 + missing : null;
}
