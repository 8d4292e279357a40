import type { FastifyInstance } from 'fastify';
import { searchGuideQuerySchema } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { requestLocale } from '../../platform/locale.ts';
import { currentUser, isAdmin } from '../apps/current-user.ts';
import { searchCatalogue } from './search-service.ts';

/** POST /manage/searchGuide?keyword=: apps and guides matching a keyword, with the keyword's words (spec §7). */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post('/manage/searchGuide', { config: { scope: 'app' } }, async (request) => {
    const user = currentUser(request);
    const { keyword } = searchGuideQuerySchema.parse(request.query ?? {});
    return { code: 0, t: await searchCatalogue(ctx.db, keyword, requestLocale(request), isAdmin(user)) };
  });
}
