import type { FastifyReply } from 'fastify';

import type { AuthUser } from '../../auth/auth-user.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { loadVisibleProcess } from '../processes/process-detail.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';

/** Pictures a browser shows itself; everything else (PDF included) is sent as a download. */
const PREVIEWABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** `Content-Disposition` with the name as ASCII fallback and in full as RFC 5987 UTF-8 (Chinese names survive). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends an attachment's bytes. Before a process holds it only its uploader sees it (the form's preview); after, the
 * people who may see the process (applicant, assignees, copied users, their delegates, the app's administrators)
 * — the process detail's own rule. Anyone else gets 403.
 */
export async function downloadAttachment(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  reply: FastifyReply,
  now: number,
): Promise<FastifyReply> {
  const row = await ctx.db
    .selectFrom('attachments')
    .select(['owner_id', 'process_id', 'name', 'type', 'size', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.ATTACHMENT_NOT_FOUND);
  if (row.process_id === null) {
    if (row.owner_id !== user.id) throw new AppError('FORBIDDEN', M.ATTACHMENT_FORBIDDEN);
  } else {
    try {
      await loadVisibleProcess(ctx.db, row.process_id, user, now);
    } catch (err) {
      if (err instanceof AppError && err.ecode === 'NOT_FOUND') throw new AppError('FORBIDDEN', M.ATTACHMENT_FORBIDDEN);
      throw err;
    }
  }
  const inline = PREVIEWABLE.has(row.type);
  return (
    reply
      .header('content-type', row.type)
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name))
      .header('x-content-type-options', 'nosniff')
      // Even a file opened in a tab runs nothing: no script, no plugins, its own origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(row.data))
  );
}

/** Deletes one of the caller's uploads that no process holds yet (the form's remove button). */
export async function deleteAttachment(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('attachments')
    .select(['owner_id', 'process_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.ATTACHMENT_NOT_FOUND);
  if (row.owner_id !== user.id) throw new AppError('FORBIDDEN', M.ATTACHMENT_FORBIDDEN);
  if (row.process_id !== null) throw new AppError('FORBIDDEN', M.ATTACHMENT_IN_USE);
  await ctx.db.deleteFrom('attachments').where('id', '=', id).where('process_id', 'is', null).execute();
}
