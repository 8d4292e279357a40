import type { Position } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { SYSTEM_ADMIN_ROLE } from '../admin/admin-policy.ts';

/**
 * GET /api/me/positions: where I sit — my department, and each post I hold there. A post is a role of the role
 * catalogue (counsellor, department head, …); the system administrator role is a right, not a post, and is left
 * out. Someone with no post still has one position: their department alone.
 */
export async function listPositions(db: Db, userId: string, locale: Locale): Promise<Position[]> {
  const user = await db
    .selectFrom('users')
    .leftJoin('departments as d', 'd.id', 'users.department_id')
    .select(['users.roles', 'd.id as dept_id', 'd.name as dept_name', 'd.name_en as dept_name_en'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return [];
  const pick = (zh: string, en: string) => (locale === 'en' && en ? en : zh);
  const department = user.dept_id
    ? { id: user.dept_id, name: pick(user.dept_name ?? '', user.dept_name_en ?? '') }
    : null;
  const codes = user.roles.split(',').filter((r) => r && r !== SYSTEM_ADMIN_ROLE);
  const posts =
    codes.length > 0
      ? await db
          .selectFrom('roles')
          .select(['code', 'name', 'name_en'])
          .where('code', 'in', codes)
          .orderBy('code')
          .execute()
      : [];
  if (posts.length === 0) return [{ id: department?.id ?? '', department, post: null }];
  return posts.map((p) => ({
    id: `${department?.id ?? ''}:${p.code}`,
    department,
    post: { id: p.code, name: pick(p.name, p.name_en) },
  }));
}
