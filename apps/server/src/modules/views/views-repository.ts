import type { Db } from '../../db/database.ts';

/** The stored config JSON of a page template, or undefined. */
export async function selectTemplate(db: Db, domain: string, solution: string, terminal: string) {
  const row = await db
    .selectFrom('page_templates')
    .select('config')
    .where('domain', '=', domain)
    .where('solution', '=', solution)
    .where('terminal', '=', terminal)
    .executeTakeFirst();
  return row?.config;
}

/** Enterprise images (kind → url) of an enterprise. */
export async function selectEnterpriseImages(db: Db, enterpriseId: string) {
  return db.selectFrom('enterprise_images').select(['kind', 'url']).where('enterprise_id', '=', enterpriseId).execute();
}

/** The enterprise of a user, for their images. */
export async function selectUserEnterprise(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('enterprise_id').where('id', '=', userId).executeTakeFirst();
  return row?.enterprise_id;
}
