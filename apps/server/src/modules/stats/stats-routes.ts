import type { FastifyInstance } from 'fastify';
import type { AppStat } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { selectAppCounters } from '../apps/apps-repository.ts';
import { currentUser } from '../apps/current-user.ts';

/** GET /api/stats/apps: completed-process counters per app, for the catalogue's "handled N times" badges. */
export async function statsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/stats/apps', { config: { scope: 'stats' } }, async (request) => {
    currentUser(request);
    const entities: AppStat[] = (await selectAppCounters(ctx.db))
      .map((r) => ({ id: r.id, processCounters: { completed: r.completed } }));
    return { errno: 0, error: '', total: entities.length, entities };
  });
}
