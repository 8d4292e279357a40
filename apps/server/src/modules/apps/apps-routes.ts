import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recommendedQuerySchema } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { requestLocale } from '../../platform/locale.ts';
import { listApps, listRecommendedApps } from './apps-service.ts';
import { currentUser } from './current-user.ts';

/** The catalogue: GET /api/me/apps (workflow API) and the task-centre recommended lists. */
export async function appsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/me/apps', { config: { scope: 'app' } }, async (request) => {
    currentUser(request);
    const entities = await listApps(ctx.db, requestLocale(request));
    return { errno: 0, error: '', total: entities.length, entities };
  });

  // The task-centre API names both; POST takes the domain in the query string like GET (spec §7).
  const recommended = async (request: FastifyRequest) => {
    currentUser(request);
    recommendedQuerySchema.parse(request.query ?? {});
    return { code: 0, data: await listRecommendedApps(ctx.db, requestLocale(request)) };
  };
  app.get('/api/apps/recommended', { config: { scope: 'app' } }, recommended);
  app.post('/manage/apps/recommended', { config: { scope: 'app' } }, recommended);
}
