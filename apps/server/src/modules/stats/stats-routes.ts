import { appStatsRoute } from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { selectAppCounters } from '../apps/apps-repository.ts';

/** GET /api/stats/apps: completed-process counters per app, for the catalogue's "handled N times" badges. */
export const statsRoutes = [
  defineRoute(appStatsRoute, (ctx) => async () => {
    const entities = (await selectAppCounters(ctx.db)).map((r) => ({
      id: r.id,
      processCounters: { completed: r.completed },
    }));
    return { total: entities.length, entities };
  }),
];
