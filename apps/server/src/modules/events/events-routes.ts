import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { currentUser } from '../users/current-user.ts';

export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/me/events: server-sent events for the caller. Authenticated by the Authorization header like every API
 * route (the web client streams with fetch, so no token is ever put in a URL). Events say which lists to refetch;
 * delivery is at-most-once, so clients refetch after reconnecting.
 */
export async function eventsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const open = new Set<ServerResponse>();
  // Open streams would keep app.close() waiting for clients; end them first.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get('/api/me/events', { config: { scope: 'task' } }, async (request, reply) => {
    const user = currentUser(request, 'task');
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
    app.metrics.pushStreams.inc();
    const unsubscribe = ctx.bus.subscribe(user.id, (event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
      app.metrics.pushStreams.dec();
    });
  });
}
