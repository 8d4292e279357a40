import type { Db } from '../../db/database.ts';

export interface DepartmentRow {
  id: string;
  name: string;
  name_en: string;
  parent_id: string | null;
}

/** Every department (an institution has hundreds at most), for a form's department picker. */
export async function listDepartments(db: Db): Promise<DepartmentRow[]> {
  return db
    .selectFrom('departments')
    .select(['id', 'name', 'name_en', 'parent_id'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}
