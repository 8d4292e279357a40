import { randomUUID } from 'node:crypto';

import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange, isUniqueViolation } from '../audit/audit-log.ts';
import { assertCodeFree, assertSystemExists } from './app-checks.ts';
import { appColumns, parseAppInput, type AppInput } from './app-input.ts';

/** Adds an app to the catalogue (system administrators); returns its id. */
export async function createApp(ctx: AdminContext, raw: unknown): Promise<string> {
  assertAuthorized(ctx.actor, 'app.create');
  const input: AppInput = parseAppInput(raw);
  const id = `app-${randomUUID()}`;
  try {
    await auditedChange(
      ctx,
      async (trx, audit) => {
        await assertCodeFree(trx, input.code, null);
        await assertSystemExists(trx, input);
        await trx
          .insertInto('apps')
          .values({
            id,
            ...appColumns(input),
            rating_sum: 0,
            rated: 0,
            completed: 0,
            enabled: 1,
            created_at: ctx.now(),
          })
          .execute();
        await audit({ action: 'app.create', targetType: 'app', targetId: id, after: input });
      },
      { catalogue: true },
    );
  } catch (err) {
    // Two administrators creating the same code at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(err)) throw new AppError('APP_CODE_TAKEN', 'APP_CODE_TAKEN', { code: input.code });
    throw err;
  }
  return id;
}
