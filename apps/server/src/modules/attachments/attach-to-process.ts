import type { AttachmentRef, ProcessDefinition } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { attachmentFields } from './attachment-field.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';

type Data = Record<string, unknown>;

/**
 * The form data with each attachment reference replaced by what was stored for its id, before the engine validates
 * it: a client cannot claim another name, type or size than the file has. An id must be the owner's own upload for
 * this app and field, not yet attached elsewhere — or already attached to this very process (a resubmission
 * keeping its files). Anything else (unknown, someone else's, another field's) is ATTACHMENT_UNKNOWN.
 * Returns the data and the ids still to attach.
 */
export async function resolveAttachments(
  db: Db,
  def: ProcessDefinition,
  data: unknown,
  owner: { id: string },
  appId: string,
  processId: string | null,
): Promise<{ data: unknown; ids: string[] }> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { data, ids: [] };
  const out: Data = { ...(data as Data) };
  const ids: string[] = [];
  for (const field of Object.keys(attachmentFields(def))) {
    const value = out[field];
    if (!Array.isArray(value)) continue;
    const wanted = value.map((v) => (typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : undefined));
    // Malformed references are the engine's to describe; only well-formed ids are looked up.
    if (!wanted.every((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))) continue;
    if (wanted.length === 0) continue;
    const rows = await db
      .selectFrom('attachments')
      .select(['id', 'name', 'type', 'size', 'owner_id', 'app_id', 'field', 'process_id'])
      .where('id', 'in', wanted)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    out[field] = wanted.map((id) => {
      const r = byId.get(id);
      const mine =
        r &&
        r.owner_id === owner.id &&
        r.app_id === appId &&
        r.field === field &&
        (r.process_id === null || r.process_id === processId);
      if (!mine) {
        throw new AppError('ATTACHMENT_UNKNOWN', M.ATTACHMENT_UNKNOWN, {}, [
          { field, in: 'body', message: `unknown attachment ${id}` },
        ]);
      }
      if (r.process_id === null) ids.push(id);
      return { id: r.id, name: r.name, type: r.type, size: Number(r.size) } satisfies AttachmentRef;
    });
  }
  return { data: out, ids };
}

/**
 * Marks uploads as the process's, in the start's (or resubmit's) transaction. Compare-and-set on "not attached yet":
 * of two submissions racing with the same upload, the second finds it taken and is refused (its transaction rolls back).
 */
export async function attachToProcess(trx: Db, ids: string[], processId: string, now: number): Promise<void> {
  if (ids.length === 0) return;
  const r = await trx
    .updateTable('attachments')
    .set({ process_id: processId, attached_at: now })
    .where('id', 'in', ids)
    .where('process_id', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== new Set(ids).size) throw new AppError('ATTACHMENT_UNKNOWN', M.ATTACHMENT_UNKNOWN);
}
