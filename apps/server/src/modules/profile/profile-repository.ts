import type { Db } from '../../db/database.ts';

/** The user row joined with its department, as the profile presenter needs it. */
export interface ProfileRow {
  id: string;
  account: string;
  name: string;
  name_en: string;
  email: string;
  enterprise_id: string;
  roles: string;
  department_name: string | null;
  department_name_en: string | null;
}

/** Loads one user with its department names; undefined when the id is unknown. */
export async function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select([
      'users.id',
      'users.account',
      'users.name',
      'users.name_en',
      'users.email',
      'users.enterprise_id',
      'users.roles',
      'departments.name as department_name',
      'departments.name_en as department_name_en',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
