import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../platform/context.ts';
import { newCallbackSecret, PREVIOUS_SECRET_GRACE_SECONDS } from './callback-signature.ts';
import type { CallingSystem } from './integration-policy.ts';

/**
 * Gives a system a new callback secret and answers it (once). The previous one keeps signing beside it for a day (a
 * second `v1=` in the header), so deliveries verify throughout the switch; after that only the new one signs. Used
 * by the system itself and by a system administrator in the console.
 */
export async function replaceCallbackSecret(db: Db, systemId: string, now: number) {
  const secret = newCallbackSecret();
  const row = await db
    .selectFrom('systems')
    .select('callback_secret')
    .where('id', '=', systemId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('systems')
    .set({
      callback_secret: secret,
      callback_secret_previous: row.callback_secret,
      callback_secret_rotated_at: row.callback_secret ? now : null,
    })
    .where('id', '=', systemId)
    .execute();
  return { secret, previousValidUntil: row.callback_secret ? now + PREVIOUS_SECRET_GRACE_SECONDS : null };
}

/** POST /api/integration/callback-secret: a new secret for the calling system's callbacks, answered once. */
export async function rotateCallbackSecret(ctx: AppContext, system: CallingSystem) {
  return replaceCallbackSecret(ctx.db, system.id, ctx.now());
}
