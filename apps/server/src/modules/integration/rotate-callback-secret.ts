import type { AppContext } from '../../platform/context.ts';
import { newCallbackSecret, PREVIOUS_SECRET_GRACE_SECONDS } from './callback-signature.ts';
import type { CallingSystem } from './integration-policy.ts';

/**
 * POST /api/integration/callback-secret: a new secret for the calling system's callbacks, answered once. The
 * previous one keeps signing beside it for a day (a second `v1=` in the header), so deliveries verify throughout
 * the switch; after that only the new one signs.
 */
export async function rotateCallbackSecret(ctx: AppContext, system: CallingSystem) {
  const secret = newCallbackSecret();
  const now = ctx.now();
  const row = await ctx.db.selectFrom('systems').select('callback_secret').where('id', '=', system.id).executeTakeFirstOrThrow();
  await ctx.db.updateTable('systems').set({
    callback_secret: secret, callback_secret_previous: row.callback_secret,
    callback_secret_rotated_at: row.callback_secret ? now : null,
  }).where('id', '=', system.id).execute();
  return { secret, previousValidUntil: row.callback_secret ? now + PREVIOUS_SECRET_GRACE_SECONDS : null };
}
