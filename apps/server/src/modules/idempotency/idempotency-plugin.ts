import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../platform/context.ts';
import { pruneKeys } from './idempotency-repository.ts';

export const KEY_LIFETIME_SECONDS = 24 * 3600;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Prunes idempotency keys older than 24 h at start-up and then hourly (every instance may; deletes are idempotent). */
export async function idempotencyPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const prune = async () => {
    try {
      const n = await pruneKeys(ctx.db, ctx.now() - KEY_LIFETIME_SECONDS);
      if (n > 0) app.log.info({ pruned: n }, 'idempotency keys pruned');
    } catch (err) {
      app.log.warn({ err }, 'idempotency key pruning failed');
    }
  };
  app.addHook('onReady', prune);
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
