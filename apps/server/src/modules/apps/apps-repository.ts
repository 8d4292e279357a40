import type { Db } from '../../db/database.ts';

/** An app row with its external system's names (null for built-in apps). */
export type AppRow = Awaited<ReturnType<typeof selectEnabledApps>>[number];

/** Every enabled app with its system, in one query. */
export async function selectEnabledApps(db: Db) {
  return db
    .selectFrom('apps')
    .leftJoin('systems', 'systems.id', 'apps.system_id')
    .select([
      'apps.id',
      'apps.code',
      'apps.name',
      'apps.name_en',
      'apps.uri',
      'apps.tags',
      'apps.tags_en',
      'apps.icon',
      'apps.department',
      'apps.department_en',
      'apps.abbreviation',
      'apps.description',
      'apps.description_en',
      'apps.recommend',
      'apps.palette',
      'apps.rating_sum',
      'apps.rated',
      'apps.completed',
      'apps.system_id',
      'apps.definition_code',
      'apps.first_letter',
      'apps.initials',
      'apps.pinyin',
      'apps.visible',
      'systems.name as system_name',
      'systems.name_en as system_name_en',
    ])
    .where('apps.enabled', '=', 1)
    .execute();
}

/** Completed-process counters of every enabled app. */
export async function selectAppCounters(db: Db) {
  return db.selectFrom('apps').select(['id', 'completed']).where('enabled', '=', 1).orderBy('id').execute();
}

/** Whether an enabled app with this id exists. */
export async function appExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('apps').select('id').where('id', '=', id).where('enabled', '=', 1).executeTakeFirst();
  return row !== undefined;
}
