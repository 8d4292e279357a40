import type { AuditEntry } from '@service-hall/contracts';

import { literalLimit } from '../../../db/literal-limit.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: number;
  to?: number;
  offset: number;
  limit: number;
}

/** A page of the audit log, newest first, and how many rows match (system administrators). */
export async function listAudit(ctx: AdminContext, f: AuditFilter): Promise<{ total: number; entities: AuditEntry[] }> {
  assertAuthorized(ctx.actor, 'audit.view');
  let q = ctx.db.selectFrom('audit_log');
  if (f.actor) q = q.where('actor_account', '=', f.actor);
  // An action filter of "app" matches app.create, app.edit, …
  if (f.action)
    q = q.where((eb) =>
      eb.or([eb('action', '=', f.action!), eb('action', 'like', `${f.action!.replace(/[%_\\]/g, '')}.%`)]),
    );
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(f.offset)
    .limit(literalLimit(f.limit))
    .execute();
  return {
    total: Number(count?.n ?? 0),
    entities: rows.map((r) => ({
      id: r.id,
      at: Number(r.at),
      actor: r.actor_account,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: r.before,
      after: r.after,
      requestId: r.request_id,
    })),
  };
}
