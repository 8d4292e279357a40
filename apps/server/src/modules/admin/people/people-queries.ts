import { sql } from 'kysely';

import type { AdminDepartment, AdminRole, AdminUser } from '@service-hall/contracts';

import type { Db } from '../../../db/database.ts';
import { literalLimit } from '../../../db/literal-limit.ts';
import type { Locale } from '../../../i18n/messages.ts';
import { notFound } from '../../../platform/app-error.ts';
import { likePattern } from '../../users/like-pattern.ts';
import { roleList } from './people-checks.ts';

/** What the console lists of people: read-only queries behind the people routes (people-routes.ts). */

export interface UserFilter {
  keyword?: string;
  departmentId?: string;
  role?: string;
  disabled?: boolean;
  ids?: string[];
}

const named = (locale: Locale, zh: string | null, en: string | null) => (locale === 'en' && en ? en : (zh ?? ''));

/** `,a,b,` contains `,role,`: the roles column is a comma-separated list. */
const holdsRole = (role: string) =>
  sql<boolean>`(',' || users.roles || ',') like ${likePattern(`,${role},`)} escape '\\'`;

function usersQuery(db: Db, f: UserFilter) {
  let q = db.selectFrom('users').leftJoin('departments', 'departments.id', 'users.department_id');
  if (f.keyword) {
    const p = likePattern(f.keyword);
    q = q.where((eb) =>
      eb.or(
        ['users.account', 'users.name', 'users.name_en', 'users.email'].map(
          (c) => sql<boolean>`lower(${sql.ref(c)}) like lower(${p}) escape '\\'`,
        ),
      ),
    );
  }
  if (f.departmentId) q = q.where('users.department_id', '=', f.departmentId);
  if (f.role) q = q.where(holdsRole(f.role));
  if (f.disabled !== undefined) q = q.where('users.disabled', '=', f.disabled ? 1 : 0);
  if (f.ids) q = q.where('users.id', 'in', f.ids.length ? f.ids : ['']);
  return q;
}

/** A page of users, by account, and how many match. */
export async function listUsers(
  db: Db,
  locale: Locale,
  f: UserFilter,
  page: { start: number; limit: number },
): Promise<{ total: number; entities: AdminUser[] }> {
  const [count, rows] = await Promise.all([
    usersQuery(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    usersQuery(db, f)
      .select([
        'users.id',
        'users.account',
        'users.name',
        'users.name_en',
        'users.email',
        'users.department_id',
        'users.roles',
        'users.disabled',
        'users.password_hash',
        'users.updated_at',
        'departments.name as dept',
        'departments.name_en as dept_en',
      ])
      .orderBy('users.account')
      .offset(page.start)
      .limit(literalLimit(page.limit))
      .execute(),
  ]);
  return {
    total: Number(count.n),
    entities: rows.map((r) => ({
      id: r.id,
      account: r.account,
      name: r.name,
      nameEn: r.name_en,
      email: r.email,
      departmentId: r.department_id,
      department: named(locale, r.dept, r.dept_en),
      roles: roleList(r.roles),
      disabled: r.disabled === 1,
      hasPassword: r.password_hash !== null,
      updatedAt: Number(r.updated_at),
    })),
  };
}

/** One user as the console shows them; NOT_FOUND when absent. */
export async function adminUser(db: Db, locale: Locale, id: string): Promise<AdminUser> {
  const { entities } = await listUsers(db, locale, { ids: [id] }, { start: 0, limit: 1 });
  if (!entities[0]) throw notFound('ADMIN_USER_NOT_FOUND');
  return entities[0];
}

/** Every department with its head's name and member count, by id (the client builds the tree from parentId). */
export async function listDepartments(db: Db, locale: Locale): Promise<AdminDepartment[]> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('departments')
      .leftJoin('users', 'users.id', 'departments.head_user_id')
      .select([
        'departments.id',
        'departments.name',
        'departments.name_en',
        'departments.parent_id',
        'departments.head_user_id',
        'users.name as head',
        'users.name_en as head_en',
      ])
      .orderBy('departments.id')
      .execute(),
    db
      .selectFrom('users')
      .select(['department_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('department_id')
      .execute(),
  ]);
  const members = new Map(counts.map((c) => [c.department_id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nameEn: r.name_en,
    parentId: r.parent_id,
    headUserId: r.head_user_id,
    head: named(locale, r.head, r.head_en),
    members: members.get(r.id) ?? 0,
  }));
}

/** One department; NOT_FOUND when absent. */
export async function adminDepartment(db: Db, locale: Locale, id: string): Promise<AdminDepartment> {
  const found = (await listDepartments(db, locale)).find((d) => d.id === id);
  if (!found) throw notFound('ADMIN_DEPARTMENT_NOT_FOUND');
  return found;
}

/** Every role with its member count: the role catalogue plus any role a user holds that the catalogue lacks. */
export async function listRoles(db: Db): Promise<AdminRole[]> {
  const [roles, users] = await Promise.all([
    db.selectFrom('roles').selectAll().orderBy('code').execute(),
    db.selectFrom('users').select('roles').execute(),
  ]);
  const members = new Map<string, number>();
  for (const u of users) for (const r of roleList(u.roles)) members.set(r, (members.get(r) ?? 0) + 1);
  return roles.map((r) => ({ code: r.code, name: r.name, nameEn: r.name_en, members: members.get(r.code) ?? 0 }));
}

/** One role; NOT_FOUND when absent. */
export async function adminRole(db: Db, code: string): Promise<AdminRole> {
  const found = (await listRoles(db)).find((r) => r.code === code);
  if (!found) throw notFound('ADMIN_ROLE_NOT_FOUND');
  return found;
}
