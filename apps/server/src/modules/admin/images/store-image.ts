import { randomUUID } from 'node:crypto';

import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized, isAnyAdmin } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { checkIcon, checkPicture } from './check-picture.ts';

/** Where stored images are served (platform: modules/admin/images/images-plugin.ts). */
export const IMAGE_URL_PREFIX = '/static/images/';

/**
 * Stores an uploaded image after checking its content: an app icon (any administrator: app administrators change
 * their apps' icons) or an enterprise picture (system administrators, the look page). Returns its address.
 */
export async function storeImage(
  ctx: AdminContext,
  purpose: 'icon' | 'picture',
  base64: string,
): Promise<{ url: string; type: string; size: number }> {
  if (purpose === 'picture') assertAuthorized(ctx.actor, 'look.manage');
  else if (!isAnyAdmin(ctx.actor)) throw new AppError('FORBIDDEN', 'ADMIN_FORBIDDEN');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PICTURE');
  const raw = new Uint8Array(Buffer.from(base64, 'base64'));
  if (raw.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PICTURE');
  const checked = purpose === 'icon' ? checkIcon(raw) : checkPicture(raw);
  const id = randomUUID();
  await auditedChange(ctx, async (trx, audit) => {
    await trx
      .insertInto('stored_images')
      .values({
        id,
        type: checked.type,
        data: Buffer.from(checked.bytes).toString('base64'),
        size: checked.bytes.length,
        created_at: ctx.now(),
        created_by: ctx.actor.id,
      })
      .execute();
    await audit({
      action: 'image.upload',
      targetType: 'image',
      targetId: id,
      after: { purpose, type: checked.type, size: checked.bytes.length },
    });
  });
  return { url: `${IMAGE_URL_PREFIX}${id}`, type: checked.type, size: checked.bytes.length };
}
