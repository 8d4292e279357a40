import type { Db } from '../../db/database.ts';
import { pinyinKeys } from '../../text/pinyin.ts';

interface Cached {
  version: number;
  people: Promise<Array<{ id: string; pinyin: string; initials: string }>>;
}

// Built once per database handle and directory version (migrations/002 moves it on any change to users), like the
// engine's Directory (directory.ts): a person picker searches as one types, and pinyin-pro per keystroke and user
// would be wasteful.
const cache = new WeakMap<Db, Cached>();

async function build(db: Db) {
  const rows = await db.selectFrom('users').select(['id', 'name']).where('disabled', '=', 0).execute();
  return rows.map((r) => ({ id: r.id, ...pinyinKeys(r.name) }));
}

/**
 * Ids of enabled people whose Chinese name's pinyin or initials start with `keyword` (zhaol, zl → 赵六), so the
 * person pickers of 转办 and 加签 find people the way Chinese users type. Only for plain Latin letters.
 */
export async function idsByPinyin(db: Db, keyword: string, limit: number): Promise<string[]> {
  const k = keyword.trim().toLowerCase();
  if (!/^[a-z]+$/.test(k)) return [];
  const row = await db.selectFrom('directory_version').select('version').where('id', '=', 1).executeTakeFirst();
  const version = Number(row?.version ?? -1);
  let hit = cache.get(db);
  if (!hit || hit.version !== version) {
    hit = { version, people: build(db) };
    cache.set(db, hit);
  }
  const people = await hit.people;
  return people
    .filter((p) => p.pinyin.startsWith(k) || p.initials.startsWith(k))
    .slice(0, limit)
    .map((p) => p.id);
}
