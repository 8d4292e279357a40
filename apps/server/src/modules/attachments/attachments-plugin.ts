import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_SIZE_CEILING } from '@service-hall/engine';
import type { AppContext } from '../../platform/context.ts';
import { uploadRoute } from './attachments-routes.ts';

/** An upload no start or resubmit attached within this time is deleted (the form was abandoned). */
export const ORPHAN_LIFETIME_SECONDS = 24 * 3600;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Deletes uploads older than `before` (seconds) that no process holds; returns how many. */
export async function sweepOrphanAttachments(ctx: AppContext, before: number): Promise<number> {
  const r = await ctx.db.deleteFrom('attachments').where('process_id', 'is', null).where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * The upload route with the multipart parser in a scope of their own (every other route keeps refusing multipart
 * bodies with 415), and the orphan sweep, at start-up and then every hour on every instance (deletes are
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
