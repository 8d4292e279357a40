import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

import { ATTACHMENT_SIZE_CEILING } from '@service-hall/engine';

import type { AppContext } from '../../platform/context.ts';
import { uploadRoute } from './attachments-routes.ts';
import { ORPHAN_LIFETIME_SECONDS } from './upload-quota.ts';

// Often enough that an abandoned form's files are gone soon after their lifetime, and the quota ledger stays small.
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes uploads older than `before` (seconds) that no process holds, and quota ledger rows of hours before
 * `before`'s; returns how many uploads.
 */
export async function sweepOrphanAttachments(ctx: AppContext, before: number): Promise<number> {
  const r = await ctx.db
    .deleteFrom('attachments')
    .where('process_id', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  await ctx.db
    .deleteFrom('upload_usage')
    .where('hour', '<', Math.floor(before / 3600))
    .execute();
  return Number(r.numDeletedRows);
}

/**
 * The upload route with the multipart parser in a scope of their own (every other route keeps refusing multipart
 * bodies with 415), and the orphan sweep, at start-up and then every ten minutes on every instance (deletes are
 * idempotent). The API plugin's hooks (authentication, rate limit, input guard) apply here as everywhere.
 */
export async function attachmentsPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ATTACHMENT_SIZE_CEILING, files: 1, fields: 0, parts: 2 } });
  app.route(uploadRoute.options(ctx));
  const sweep = async () => {
    try {
      const n = await sweepOrphanAttachments(ctx, ctx.now() - ORPHAN_LIFETIME_SECONDS);
      if (n > 0) app.log.info({ deleted: n }, 'orphan attachments deleted');
    } catch (err) {
      app.log.warn({ err }, 'orphan attachment sweep failed');
    }
  };
  app.addHook('onReady', sweep);
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
