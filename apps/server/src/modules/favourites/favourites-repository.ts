import type { Db } from '../../db/database.ts';

export const FAVOURITES = 'FavoriteApps';

/** The stored favourite app ids of a user (empty when never set or unreadable). */
export async function readFavourites(db: Db, userId: string): Promise<string[]> {
  const row = await db
    .selectFrom('preferences')
    .select('value')
    .where('user_id', '=', userId)
    .where('name', '=', FAVOURITES)
    .executeTakeFirst();
  return parseIds(row?.value);
}

/**
 * Changes a user's favourites with a read-modify-write inside one transaction. The row is created first (empty)
 * and then locked with an update, so two concurrent changes serialise instead of one overwriting the other:
 * PostgreSQL row-locks on the first update, SQLite holds its single writer lock from that write on.
 */
export async function changeFavourites(
  db: Db,
  userId: string,
  now: number,
  change: (ids: string[]) => string[],
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('preferences')
      .values({ user_id: userId, name: FAVOURITES, value: '[]', updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
      .execute();
    await trx
      .updateTable('preferences')
      .set({ updated_at: now })
      .where('user_id', '=', userId)
      .where('name', '=', FAVOURITES)
      .execute();
    const row = await trx
      .selectFrom('preferences')
      .select('value')
      .where('user_id', '=', userId)
      .where('name', '=', FAVOURITES)
      .executeTakeFirstOrThrow();
    const next = change(parseIds(row.value));
    await trx
      .updateTable('preferences')
      .set({ value: JSON.stringify(next), updated_at: now })
      .where('user_id', '=', userId)
      .where('name', '=', FAVOURITES)
      .execute();
    return next;
  });
}

function parseIds(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
