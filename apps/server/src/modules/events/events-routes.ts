import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

import { eventsRoute } from '@service-hall/contracts';

import type { AppContext } from '../../platform/context.ts';
import { defineRoute } from '../../platform/define-route.ts';

export const HEARTBEAT_MS = 25_000;
/**
 * Open streams per user on one instance. Each holds a socket and a file handle; a user has one per tab or
 * device, so eight is plenty. A ninth closes the oldest (unbounded, 300 streams from one user were kept).
 */
export const MAX_STREAMS_PER_USER = 8;
/** How often open streams are checked against logouts and disabled accounts. */
export const STREAM_CHECK_MS = 2000;

/**
 * GET /api/me/events: server-sent events for the caller. Authenticated by the Authorization header like every API
 * route (the web client streams with fetch, so no token is ever put in a URL). Events say which lists to refetch;
 * delivery is at-most-once, so clients refetch after reconnecting.
 */
export async function eventsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const open = new Set<ServerResponse>();
  const byUser = new Map<string, ServerResponse[]>();
  const grantOf = new WeakMap<ServerResponse, string | undefined>();
  // Open streams would keep app.close() waiting for clients; end them first.
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    for (const res of open) res.end();
  });
  // A logout or a disabled account ends the streams too, within seconds on every instance:
  // every two seconds, the streams of revoked grants and of accounts disabled since they opened are closed.
  const sweeper = setInterval(
    () => void sweep().catch((err: unknown) => app.log.warn({ err }, 'stream sweep failed')),
    STREAM_CHECK_MS,
  );
  sweeper.unref();
  async function sweep() {
    if (byUser.size === 0) return;
    const disabled = new Set(
      (
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', [...byUser.keys()])
          .where('disabled', '=', 1)
          .execute()
      ).map((u) => u.id),
    );
    for (const [userId, streams] of byUser) {
      for (const res of [...streams]) {
        if (disabled.has(userId) || app.revokedGrants.isRevoked(grantOf.get(res))) res.end();
      }
    }
  }

  app.route(
    defineRoute(eventsRoute, () => async ({ user, reply }) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      res.write(`event: ready\ndata: ${JSON.stringify({ userId: user.id })}\n\n`);
      open.add(res);
      grantOf.set(res, user.grantId);
      const mine = byUser.get(user.id) ?? [];
      mine.push(res);
      byUser.set(user.id, mine);
      while (mine.length > MAX_STREAMS_PER_USER) mine.shift()!.end();
      app.metrics.pushStreams.inc();
      const unsubscribe = ctx.bus.subscribe(user.id, (event) => {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      res.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
        const at = mine.indexOf(res);
        if (at >= 0) mine.splice(at, 1);
        if (mine.length === 0 && byUser.get(user.id) === mine) byUser.delete(user.id);
        app.metrics.pushStreams.dec();
      });
      // The stream is the answer (hijacked above); nothing goes through the serializer.
      return '';
    }).options(ctx),
  );
}
