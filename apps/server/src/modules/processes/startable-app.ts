import type { Db } from '../../db/database.ts';

/** An enabled built-in app by its code or its definition code (the apply page may use either). */
export async function findStartableApp(db: Db, code: string) {
  const columns = ['id', 'code', 'name', 'tags', 'system_id', 'definition_code'] as const;
  const byCode = await db.selectFrom('apps').select(columns)
    .where('code', '=', code).where('enabled', '=', 1).where('definition_code', 'is not', null).executeTakeFirst();
  if (byCode) return byCode;
  return db.selectFrom('apps').select(columns)
    .where('definition_code', '=', code).where('enabled', '=', 1).orderBy('code').limit(1).executeTakeFirst();
}
