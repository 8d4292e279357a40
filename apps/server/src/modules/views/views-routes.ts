import type { FastifyInstance } from 'fastify';
import { viewsQuerySchema } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { currentUser } from '../apps/current-user.ts';
import { getPageTemplate } from './views-service.ts';

/** GET /api/app/views?domain=&solution=&terminal=: the home-page template with the enterprise's images. */
export async function viewsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/app/views', { config: { scope: 'app' } }, async (request) => {
    const user = currentUser(request);
    const query = viewsQuerySchema.parse(request.query ?? {});
    return { code: 0, data: await getPageTemplate(ctx, query, user.id) };
  });
}
