import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';

import { HASHING_LIMITS, hashPassword } from '../../../auth/password.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized, SYSTEM_ADMIN_ROLE } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { enterpriseId } from '../people/create-user.ts';
import { roleList, userView, type UserRow } from '../people/people-checks.ts';
import { ACCOUNT_PATTERN, MIN_PASSWORD_LENGTH } from '../people/people-input.ts';
import { summarise, undecidedReport, type ImportReport, type ImportRow, type RowError } from './import-report.ts';
import { decodeCsv, readCsv, type CsvEncoding } from './read-csv.ts';

const REQUIRED = ['account', 'name'] as const;
const OPTIONAL = ['name_en', 'email', 'department', 'roles', 'password'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Planned {
  row: ImportRow;
  userId: string | null;
  values: {
    account: string;
    name: string;
    name_en?: string;
    email?: string;
    department_id?: string | null;
    roles?: string[];
  };
  password: string | null;
}

/**
 * Imports users from a CSV file (system administrators): one row per account; `account` and `name` columns are
 * required, `name_en`, `email`, `department` (id or name), `roles` (separated by ; | or 、) and `password` (new
 * accounts only) optional — an absent column leaves that field as it is. Idempotent by account: a second import of
 * the same file changes nothing. With `dryRun`, or when any row has an error, nothing is written; the report says
 * per row what is (or would be) created, changed or unchanged. The system administrator role is never granted or
 * taken by an import (role members do that).
 */
export async function importUsersCsv(
  ctx: AdminContext,
  bytes: Uint8Array,
  options: { dryRun: boolean; encoding?: CsvEncoding },
): Promise<ImportReport> {
  assertAuthorized(ctx.actor, 'user.manage');
  const decoded = decodeCsv(bytes, options.encoding);
  if (decoded.encoding === null) return undecidedReport(decoded.readings, options.dryRun);
  const { columns, rows } = readCsv(decoded.text, REQUIRED, OPTIONAL);
  const has = (c: string) => columns.includes(c);

  const [users, departments, roles] = await Promise.all([
    ctx.db.selectFrom('users').selectAll().execute(),
    ctx.db.selectFrom('departments').select(['id', 'name']).execute(),
    ctx.db.selectFrom('roles').select('code').execute(),
  ]);
  const byAccount = new Map(users.map((u) => [u.account, u]));
  const knownRoles = new Set([...roles.map((r) => r.code), ...users.flatMap((u) => roleList(u.roles))]);
  const seen = new Map<string, number>();

  const plans: Planned[] = rows.map(({ line, cells }) => {
    const errors: RowError[] = [];
    const account = cells.account ?? '';
    const name = cells.name ?? '';
    if (!account) errors.push({ field: 'account', reason: 'CSV_ROW_REQUIRED', params: { column: 'account' } });
    else if (!ACCOUNT_PATTERN.test(account))
      errors.push({ field: 'account', reason: 'CSV_ROW_INVALID', params: { column: 'account' } });
    if (!name) errors.push({ field: 'name', reason: 'CSV_ROW_REQUIRED', params: { column: 'name' } });
    else if (name.length > 60) errors.push({ field: 'name', reason: 'CSV_ROW_INVALID', params: { column: 'name' } });
    const first = seen.get(account);
    if (account && first !== undefined)
      errors.push({ field: 'account', reason: 'CSV_ROW_DUPLICATE', params: { line: first } });
    else if (account) seen.set(account, line);

    const values: Planned['values'] = { account, name };
    if (has('name_en')) values.name_en = cells.name_en ?? '';
    if (has('email')) {
      values.email = cells.email ?? '';
      if (values.email && !EMAIL.test(values.email))
        errors.push({ field: 'email', reason: 'CSV_ROW_INVALID', params: { column: 'email' } });
    }
    if (has('department')) {
      const value = cells.department ?? '';
      const byId = departments.find((d) => d.id === value);
      const byName = departments.filter((d) => d.name === value);
      if (!value) values.department_id = null;
      else if (byId) values.department_id = byId.id;
      else if (byName.length === 1) values.department_id = byName[0]!.id;
      else {
        const reason = byName.length > 1 ? 'CSV_ROW_AMBIGUOUS_DEPARTMENT' : 'CSV_ROW_UNKNOWN_DEPARTMENT';
        errors.push({ field: 'department', reason, params: { value } });
      }
    }
    if (has('roles')) {
      values.roles = [
        ...new Set(
          (cells.roles ?? '')
            .split(/[;|、,，]/)
            .map((r) => r.trim())
            .filter(Boolean),
        ),
      ];
      for (const r of values.roles)
        if (!knownRoles.has(r)) errors.push({ field: 'roles', reason: 'CSV_ROW_UNKNOWN_ROLE', params: { value: r } });
    }
    const password = has('password') && cells.password ? cells.password : null;
    if (password !== null && password.length < MIN_PASSWORD_LENGTH) {
      errors.push({ field: 'password', reason: 'ADMIN_PASSWORD_WEAK' });
    }

    const existing = byAccount.get(account);
    const row: ImportRow = { line, key: account, outcome: 'error', changes: [], errors };
    if (errors.length === 0) {
      if (!existing) row.outcome = 'create';
      else {
        row.changes = changedFields(existing, values);
        row.outcome = row.changes.length ? 'change' : 'unchanged';
      }
    }
    return { row, userId: existing?.id ?? null, values, password };
  });

  const report = {
    ...summarise(
      plans.map((p) => p.row),
      options.dryRun,
    ),
    encoding: decoded.encoding,
    readings: [],
  };
  if (!report.applied) return report;
  // Hashing is slow by design (scrypt, on libuv's thread pool); done before the transaction so it holds no lock
  // meanwhile, and as many at once as the hasher admits (HASHING_LIMITS), so a few hundred passwords take that many
  // times less than one after another. Never more are handed over: sign-ins queue behind at most that many hashes,
  // and the hasher's own queue is left for them.
  const limit = pLimit(HASHING_LIMITS.concurrent);
  const hashes = new Map<Planned, string>();
  await Promise.all(
    plans.map((p) =>
      p.row.outcome === 'create' && p.password !== null
        ? limit(async () => {
            hashes.set(p, await hashPassword(p.password!));
          })
        : undefined,
    ),
  );

  await auditedChange(ctx, async (trx, audit) => {
    const enterprise = await enterpriseId(trx);
    const now = ctx.now();
    for (const p of plans) {
      const existing = byAccount.get(p.values.account);
      if (p.row.outcome === 'create') {
        const id = `u-${randomUUID()}`;
        const values = {
          id,
          account: p.values.account,
          name: p.values.name,
          name_en: p.values.name_en ?? '',
          email: p.values.email ?? '',
          department_id: p.values.department_id ?? null,
          roles: withoutAdmin(p.values.roles ?? []).join(','),
          enterprise_id: enterprise,
          password_hash: hashes.get(p) ?? null,
          disabled: 0,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('users').values(values).execute();
        await audit({ action: 'user.import-create', targetType: 'user', targetId: id, after: userView(values) });
      } else if (p.row.outcome === 'change' && existing) {
        const next = nextValues(existing, p.values);
        await trx
          .updateTable('users')
          .set({ ...next, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        await audit({
          action: 'user.import-edit',
          targetType: 'user',
          targetId: existing.id,
          before: userView(existing),
          after: userView({ ...existing, ...next }),
        });
      }
    }
  });
  return report;
}

const withoutAdmin = (roles: string[]) => roles.filter((r) => r !== SYSTEM_ADMIN_ROLE);

/** The columns an import row sets on an existing user; the system administrator role stays as it was. */
function nextValues(existing: UserRow, v: Planned['values']) {
  const keepAdmin = roleList(existing.roles).includes(SYSTEM_ADMIN_ROLE) ? [SYSTEM_ADMIN_ROLE] : [];
  return {
    name: v.name,
    name_en: v.name_en ?? existing.name_en,
    email: v.email ?? existing.email,
    department_id: v.department_id === undefined ? existing.department_id : v.department_id,
    roles: v.roles === undefined ? existing.roles : [...keepAdmin, ...withoutAdmin(v.roles)].join(','),
  };
}

function changedFields(existing: UserRow, v: Planned['values']): string[] {
  const next = nextValues(existing, v);
  const changes: string[] = [];
  for (const k of ['name', 'name_en', 'email', 'department_id'] as const) if (next[k] !== existing[k]) changes.push(k);
  const sorted = (s: string) => roleList(s).sort().join(',');
  if (sorted(next.roles) !== sorted(existing.roles)) changes.push('roles');
  return changes;
}
