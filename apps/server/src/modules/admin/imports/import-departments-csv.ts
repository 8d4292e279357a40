import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { CODE_PATTERN } from '../people/people-input.ts';
import { summarise, undecidedReport, type ImportReport, type ImportRow, type RowError } from './import-report.ts';
import { decodeCsv, readCsv, type CsvEncoding } from './read-csv.ts';

const REQUIRED = ['id', 'name'] as const;
const OPTIONAL = ['name_en', 'parent', 'head'] as const;

interface Values {
  id: string;
  name: string;
  name_en?: string;
  parent_id?: string | null;
  head_user_id?: string | null;
}

/**
 * Imports departments from a CSV file (system administrators): `id` and `name` required; `name_en`, `parent` (a
 * department id, in the file or already stored) and `head` (an account) optional — an absent column leaves that
 * field as it is. Idempotent by id. With `dryRun`, or when any row has an error (a cycle of parents included),
 * nothing is written; the report says per row what is (or would be) created, changed or unchanged.
 */
export async function importDepartmentsCsv(
  ctx: AdminContext,
  bytes: Uint8Array,
  options: { dryRun: boolean; encoding?: CsvEncoding },
): Promise<ImportReport> {
  assertAuthorized(ctx.actor, 'department.manage');
  const decoded = decodeCsv(bytes, options.encoding);
  if (decoded.encoding === null) return undecidedReport(decoded.readings, options.dryRun);
  const { columns, rows } = readCsv(decoded.text, REQUIRED, OPTIONAL);
  const has = (c: string) => columns.includes(c);
  const [stored, users] = await Promise.all([
    ctx.db.selectFrom('departments').selectAll().execute(),
    ctx.db.selectFrom('users').select(['id', 'account']).execute(),
  ]);
  const byId = new Map(stored.map((d) => [d.id, d]));
  const userByAccount = new Map(users.map((u) => [u.account, u.id]));
  const inFile = new Set(rows.map((r) => r.cells.id ?? ''));
  const seen = new Map<string, number>();

  const plans = rows.map(({ line, cells }) => {
    const errors: RowError[] = [];
    const id = cells.id ?? '';
    const name = cells.name ?? '';
    if (!id) errors.push({ field: 'id', reason: 'CSV_ROW_REQUIRED', params: { column: 'id' } });
    else if (!CODE_PATTERN.test(id)) errors.push({ field: 'id', reason: 'CSV_ROW_INVALID', params: { column: 'id' } });
    if (!name) errors.push({ field: 'name', reason: 'CSV_ROW_REQUIRED', params: { column: 'name' } });
    const first = seen.get(id);
    if (id && first !== undefined) errors.push({ field: 'id', reason: 'CSV_ROW_DUPLICATE', params: { line: first } });
    else if (id) seen.set(id, line);
    const values: Values = { id, name };
    if (has('name_en')) values.name_en = cells.name_en ?? '';
    if (has('parent')) {
      const parent = cells.parent ?? '';
      values.parent_id = parent || null;
      if (parent && !byId.has(parent) && !inFile.has(parent)) {
        errors.push({ field: 'parent', reason: 'CSV_ROW_UNKNOWN_DEPARTMENT', params: { value: parent } });
      }
    }
    if (has('head')) {
      const head = cells.head ?? '';
      values.head_user_id = head ? (userByAccount.get(head) ?? null) : null;
      if (head && !values.head_user_id)
        errors.push({ field: 'head', reason: 'CSV_ROW_UNKNOWN_USER', params: { value: head } });
    }
    const row: ImportRow = { line, key: id, outcome: 'error', changes: [], errors };
    return { row, values };
  });

  // The tree after the import, to find cycles the file would make (with itself or with stored departments).
  const parentOf = new Map(stored.map((d) => [d.id, d.parent_id]));
  for (const p of plans) if (p.values.parent_id !== undefined) parentOf.set(p.values.id, p.values.parent_id);
  for (const p of plans) {
    const visited = new Set<string>();
    for (let at: string | null | undefined = p.values.id; at; at = parentOf.get(at)) {
      if (visited.has(at)) {
        p.row.errors.push({ field: 'parent', reason: 'CSV_ROW_CYCLE' });
        break;
      }
      visited.add(at);
    }
  }
  for (const p of plans) {
    if (p.row.errors.length) continue;
    const existing = byId.get(p.values.id);
    if (!existing) {
      p.row.outcome = 'create';
      continue;
    }
    const next = { ...existing, ...defined(p.values) };
    p.row.changes = (['name', 'name_en', 'parent_id', 'head_user_id'] as const).filter((k) => next[k] !== existing[k]);
    p.row.outcome = p.row.changes.length ? 'change' : 'unchanged';
  }

  const report = {
    ...summarise(
      plans.map((p) => p.row),
      options.dryRun,
    ),
    encoding: decoded.encoding,
    readings: [],
  };
  if (!report.applied) return report;
  await auditedChange(ctx, async (trx, audit) => {
    for (const p of plans) {
      const existing = byId.get(p.values.id);
      if (p.row.outcome === 'create') {
        const values = { name_en: '', parent_id: null, head_user_id: null, ...defined(p.values) };
        await trx.insertInto('departments').values(values).execute();
        await audit({
          action: 'department.import-create',
          targetType: 'department',
          targetId: values.id,
          after: values,
        });
      } else if (p.row.outcome === 'change' && existing) {
        const next = { ...existing, ...defined(p.values) };
        await trx.updateTable('departments').set(next).where('id', '=', existing.id).execute();
        await audit({
          action: 'department.import-edit',
          targetType: 'department',
          targetId: existing.id,
          before: existing,
          after: next,
        });
      }
    }
  });
  return report;
}

/** The values without the fields whose column the file lacks. */
function defined(v: Values): Values {
  return Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined)) as unknown as Values;
}
