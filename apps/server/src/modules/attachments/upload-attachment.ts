import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

import type { AttachmentRef } from '@service-hall/contracts';
import { attachmentLimits, checkAttachmentFile } from '@service-hall/engine';
import { describeError } from '@service-hall/engine/form';

import { resolveActingUser } from '../../auth/acting-user.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUserForSystem } from '../system-acting/system-acting.ts';
import { uploadTarget } from './attachment-field.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';
import { receiveUpload } from './receive-upload.ts';
import { scanUpload } from './scan-hook.ts';
import { chargeUpload, checkDiskReserve, checkWalBacklog } from './upload-quota.ts';

export interface UploadInput {
  code: string;
  field: string;
  userId?: string | undefined;
  now: number;
  onCommit?: (trx: Db, ref: AttachmentRef) => Promise<void>;
}

/**
 * Stores one uploaded file for an attachment field of an app's form, owned by the caller (or the user a system or
 * delegate uploads for): its size while streaming, its content against its declared type, the field's accepted
 * types and size by the engine's own check (the same one the form runs), then the scan hook; and against the
 * data volume's reserve (before reading, by Content-Length, and again by the file's size) and the owner's quotas
 * (in the storing transaction, upload-quota.ts).
 */
export async function uploadAttachment(
  ctx: AppContext,
  caller: AuthUser,
  request: FastifyRequest,
  input: UploadInput,
): Promise<AttachmentRef> {
  requireUserForSystem(caller, input.userId);
  const target = await uploadTarget(ctx.db, input.code, input.field);
  const owner = (await resolveActingUser(ctx.db, caller, input.userId, { now: input.now, appId: target.app.id })).user;
  const limits = attachmentLimits(target.schema);
  // Refused before a byte is read when the volume is already at its reserve.
  await checkDiskReserve(
    ctx.config,
    Math.min(Number(request.headers['content-length'] ?? 0) || limits.maxSize, limits.maxSize),
  );
  const file = await receiveUpload(request, limits.maxSize);
  const [problem] = checkAttachmentFile(target.schema, { name: file.name, type: file.type, size: file.bytes.length }, [
    input.field,
  ]);
  if (problem) {
    const text = describeError(problem, target.label);
    const ecode = problem.keyword === 'attachmentSize' ? 'ATTACHMENT_TOO_LARGE' : 'ATTACHMENT_TYPE_REFUSED';
    throw new AppError(ecode, M.ATTACHMENT_TYPE_REFUSED, { detail_zh: text.zh, detail_en: text.en });
  }
  await scanUpload(ctx.config.attachmentScan, file);
  await checkDiskReserve(ctx.config, file.bytes.length);
  await checkWalBacklog(ctx.config, ctx.walPendingBytes, file.bytes.length);
  const ref: AttachmentRef = { id: randomUUID(), name: file.name, type: file.type, size: file.bytes.length };
  await ctx.db.transaction().execute(async (trx) => {
    await chargeUpload(trx, ctx.config, owner.id, ref.size, input.now);
    await trx
      .insertInto('attachments')
      .values({
        id: ref.id,
        owner_id: owner.id,
        app_id: target.app.id,
        field: input.field,
        name: ref.name,
        type: ref.type,
        size: ref.size,
        sha256: file.sha256,
        data: file.bytes,
        process_id: null,
        created_at: input.now,
        attached_at: null,
      })
      .execute();
    await input.onCommit?.(trx, ref);
  });
  return ref;
}
