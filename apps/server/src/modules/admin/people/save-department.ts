import { AppError, invalid, notFound } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange, isUniqueViolation, type Trx } from '../audit/audit-log.ts';
import { departmentInputSchema, parseInput, type DepartmentInput } from './people-input.ts';

/** Adds a department to the tree (system administrators). */
export async function createDepartment(ctx: AdminContext, raw: unknown): Promise<void> {
  assertAuthorized(ctx.actor, 'department.manage');
  const input = parseInput(departmentInputSchema, raw);
  try {
    await auditedChange(ctx, async (trx, audit) => {
      const taken = await trx.selectFrom('departments').select('id').where('id', '=', input.id).executeTakeFirst();
      if (taken) throw new AppError('CONFLICT', 'ADMIN_DEPARTMENT_TAKEN', { id: input.id });
      await assertPlacement(trx, input);
      await trx.insertInto('departments').values(input).execute();
      await audit({ action: 'department.create', targetType: 'department', targetId: input.id, after: input });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'ADMIN_DEPARTMENT_TAKEN', { id: input.id });
    throw err;
  }
}

/** Renames a department, moves it in the tree or changes its head (system administrators). */
export async function editDepartment(ctx: AdminContext, id: string, changes: Record<string, unknown>): Promise<void> {
  assertAuthorized(ctx.actor, 'department.manage');
  await auditedChange(ctx, async (trx, audit) => {
    const row = await trx.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('ADMIN_DEPARTMENT_NOT_FOUND');
    // The id is the key other rows point at; it does not change.
    const input = parseInput(departmentInputSchema, { ...row, ...changes, id });
    if (JSON.stringify(input) === JSON.stringify(row)) return;
    await assertPlacement(trx, input);
    await trx.updateTable('departments').set(input).where('id', '=', id).execute();
    await audit({ action: 'department.edit', targetType: 'department', targetId: id, before: row, after: input });
  });
}

/** Refuses an unknown parent or head, and a parent that is the department itself or below it (a cycle). */
export async function assertPlacement(trx: Trx, input: DepartmentInput): Promise<void> {
  if (input.head_user_id) {
    const head = await trx.selectFrom('users').select('id').where('id', '=', input.head_user_id).executeTakeFirst();
    if (!head) throw invalid([{ field: 'head_user_id', message: 'no such user' }], 'ADMIN_USER_NOT_FOUND');
  }
  if (!input.parent_id) return;
  const all = await trx.selectFrom('departments').select(['id', 'parent_id']).execute();
  const parentOf = new Map(all.map((d) => [d.id, d.parent_id]));
  if (!parentOf.has(input.parent_id)) {
    throw invalid([{ field: 'parent_id', message: 'no such department' }], 'ADMIN_DEPARTMENT_NOT_FOUND');
  }
  parentOf.set(input.id, input.parent_id);
  const seen = new Set<string>();
  for (let at: string | null | undefined = input.id; at; at = parentOf.get(at)) {
    if (seen.has(at)) throw invalid([{ field: 'parent_id', message: 'cycle' }], 'ADMIN_DEPARTMENT_CYCLE');
    seen.add(at);
  }
}
