import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';

import type { Database } from '../../../db/schema.ts';
import { bumpCatalogueVersion } from '../../apps/catalogue-version.ts';
import type { AdminContext } from '../admin-context.ts';

export type Trx = Transaction<Database>;

/** One administrative change: what was done to which thing, and the thing before and after (null when absent). */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

let sequence = 0;
/** Ids that sort in writing order (milliseconds, then a per-process counter), so a listing by id is chronological. */
function auditId(): string {
  sequence = (sequence + 1) % 0x100000;
  return `${Date.now().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}-${randomBytes(4).toString('hex')}`;
}

/** Writes one audit row inside the change's transaction, so the change and its record commit or fail together. */
export async function writeAudit(trx: Trx, ctx: AdminContext, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: auditId(),
      at: ctx.now(),
      actor_id: ctx.actor.id,
      actor_account: ctx.actor.account,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      request_id: ctx.requestId ?? null,
    })
    .execute();
}

/**
 * Runs an administrative change in one transaction; `audit` writes its audit rows in that transaction. With
 * `catalogue: true` this instance's catalogue caches are dropped after commit (other instances follow the database's
 * catalogue version).
 */
export async function auditedChange<T>(
  ctx: AdminContext,
  change: (trx: Trx, audit: (entry: AuditEntry) => Promise<void>) => Promise<T>,
  options: { catalogue?: boolean } = {},
): Promise<T> {
  const result = await ctx.db.transaction().execute((trx) => change(trx, (entry) => writeAudit(trx, ctx, entry)));
  if (options.catalogue) bumpCatalogueVersion(ctx.db);
  return result;
}

/** Whether a database error is a unique-key violation (SQLite or PostgreSQL), i.e. a concurrent duplicate. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
