import type { App, SearchGuideResult } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { segmentKeyword } from '../../text/segment.ts';
import { presentApp } from '../apps/app-presenter.ts';
import { hiddenAppIds } from '../apps/app-visibility.ts';
import { presentGuides } from '../guides/guide-presenter.ts';
import { selectGuidesByIds } from '../guides/guides-repository.ts';
import { pinyinSpan } from './pinyin-span.ts';
import { rank, searchIndex, type IndexEntry } from './search-index.ts';

/** Result list sizes: enough for a results page, bounded so a one-letter query stays cheap. */
export const MAX_APPS = 50;
export const MAX_GUIDES = 20;

function best<T>(
  entries: IndexEntry<T>[],
  keyword: string,
  words: string[],
  limit: number,
  tieBreak: (a: T, b: T) => number,
): T[] {
  const hits: Array<{ item: T; r: number }> = [];
  for (const e of entries) {
    const r = rank(e, keyword, words);
    if (r !== null) hits.push({ item: e.item, r });
  }
  hits.sort((a, b) => a.r - b.r || tieBreak(a.item, b.item));
  return hits.slice(0, limit).map((h) => h.item);
}

/**
 * Searches apps and guides (POST /manage/searchGuide): names, tags, departments, descriptions in both languages,
 * pinyin and initials; exact matches first, then prefix, then contains. Non-admins see published guides only.
 */
export async function searchCatalogue(
  db: Db,
  keyword: string,
  locale: Locale,
  canSeeDrafts: boolean,
  user: { id: string; roles: readonly string[] },
): Promise<SearchGuideResult> {
  const tokenList = segmentKeyword(keyword);
  const query = keyword.trim().toLowerCase();
  if (!query) return { appList: [], guideList: [], tokenList };
  const words = tokenList.map((w) => w.toLowerCase());
  const index = await searchIndex(db);

  // Apps hidden from this member (apps.visible) are not found either.
  const hidden = await hiddenAppIds(
    db,
    index.apps.map((e) => e.item),
    user,
  );
  const apps = best(
    hidden ? index.apps.filter((e) => !hidden.has(e.item.id)) : index.apps,
    query,
    words,
    MAX_APPS,
    (a, b) => b.recommend - a.recommend || (a.pinyin < b.pinyin ? -1 : 1),
  );
  const visibleGuides = canSeeDrafts ? index.guides : index.guides.filter((g) => g.item.state === 1);
  const guideRefs = best(visibleGuides, query, words, MAX_GUIDES, (a, b) => b.updateTime - a.updateTime);

  const rows = await selectGuidesByIds(
    db,
    guideRefs.map((g) => g.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Re-check visibility on the fresh rows: the index may be a few seconds old.
  const ordered = guideRefs.flatMap((g) => {
    const row = byId.get(g.id);
    return row && (canSeeDrafts || row.state === 1) ? [row] : [];
  });
  const appList: App[] = apps.map((a) => presentApp(a, locale));
  const guideList = await presentGuides(db, ordered, locale, hidden);
  // A keyword typed as pinyin (qjsq) is highlighted through the characters it matched (请假申请).
  const spans = [...appList.map((a) => a.name), ...guideList.map((g) => g.title)].map((text) =>
    pinyinSpan(text, keyword),
  );
  for (const s of spans) if (s && !tokenList.includes(s)) tokenList.push(s);
  return { appList, guideList, tokenList };
}
