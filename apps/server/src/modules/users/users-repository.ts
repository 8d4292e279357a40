import { sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { preparedQuery } from '../../platform/prepared-query.ts';
import { likePattern } from './like-pattern.ts';
import { idsByPinyin } from './pinyin-people.ts';

export interface UserRow {
  id: string;
  account: string;
  name: string;
  name_en: string;
  department: string;
  department_en: string;
}

/** A user by id or by account (paths accept either), or undefined. */
export async function findUser(db: Db, idOrAccount: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select(['users.id', 'users.account', 'users.name', 'users.name_en'])
    .select((eb) => [
      eb.fn.coalesce('departments.name', sql<string>`''`).as('department'),
      eb.fn.coalesce('departments.name_en', sql<string>`''`).as('department_en'),
    ])
    .where('users.disabled', '=', 0)
    .where((eb) => eb.or([eb('users.id', '=', idOrAccount), eb('users.account', '=', idOrAccount)]))
    .executeTakeFirst();
}

/** Directory search on name, account and the pinyin of the name, case-insensitive, at most `limit` rows. */
export async function searchUsers(db: Db, keyword: string, limit: number): Promise<UserRow[]> {
  const pattern = likePattern(keyword);
  const byText = await peopleWhere(
    db,
    (eb) =>
      eb.or([
        sql<boolean>`lower(users.name) like lower(${pattern}) escape '\\'`,
        sql<boolean>`lower(users.name_en) like lower(${pattern}) escape '\\'`,
        sql<boolean>`lower(users.account) like lower(${pattern}) escape '\\'`,
      ]),
    limit,
  );
  const found = new Set(byText.map((u) => u.id));
  const more = (await idsByPinyin(db, keyword, limit)).filter((id) => !found.has(id)).slice(0, limit - byText.length);
  if (more.length === 0) return byText;
  return [...byText, ...(await peopleWhere(db, (eb) => eb('users.id', 'in', more), limit))];
}

function peopleWhere(
  db: Db,
  where: Parameters<ReturnType<typeof peopleQuery>['where']>[0],
  limit: number,
): Promise<UserRow[]> {
  return peopleQuery(db).where(where).orderBy('users.account').limit(literalLimit(limit)).execute();
}

function peopleQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select(['users.id', 'users.account', 'users.name', 'users.name_en'])
    .select((eb) => [
      eb.fn.coalesce('departments.name', sql<string>`''`).as('department'),
      eb.fn.coalesce('departments.name_en', sql<string>`''`).as('department_en'),
    ])
    .where('users.disabled', '=', 0);
}

/** Names of the given users, keyed by id (for presenters). */
export async function namesOf(
  db: Db,
  ids: Iterable<string>,
): Promise<Map<string, { id: string; name: string; name_en: string; account: string }>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows =
    list.length > NAMES_PREPARED_MAX
      ? await db.selectFrom('users').select(['id', 'name', 'name_en', 'account']).where('id', 'in', list).execute()
      : await namesByCount(list.length)(db, Object.fromEntries(list.map((id, i) => [`u${i}`, id])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Up to this many ids, the lookup is compiled once per count (a detail names a handful of users: every action asks). */
const NAMES_PREPARED_MAX = 16;
const namesPrepared = new Map<
  number,
  (db: Db, v: Record<string, unknown>) => Promise<Array<{ id: string; name: string; name_en: string; account: string }>>
>();
function namesByCount(n: number) {
  let run = namesPrepared.get(n);
  if (!run) {
    const slots = Array.from({ length: n }, (_, i) => `u${i}`);
    run = preparedQuery(slots, (db, s) =>
      db
        .selectFrom('users')
        .select(['id', 'name', 'name_en', 'account'])
        .where(
          'id',
          'in',
          slots.map((k) => s[k]!),
        ),
    );
    namesPrepared.set(n, run);
  }
  return run;
}
