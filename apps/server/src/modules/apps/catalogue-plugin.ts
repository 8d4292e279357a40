import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../../platform/context.ts';
import { appsRoutes } from './apps-routes.ts';
import { statsRoutes } from '../stats/stats-routes.ts';
import { favouritesRoutes } from '../favourites/favourites-routes.ts';
import { searchRoutes } from '../search/search-routes.ts';
import { viewsRoutes } from '../views/views-routes.ts';
import { guideBusRoutes } from '../guides/guide-bus-routes.ts';
import { demoExternalRoutes } from '../demo-external/demo-external-routes.ts';
import { serverRoot } from '../../platform/paths.ts';

const demoImages = path.join(serverRoot, 'static', 'demo');

/** The catalogue side of the service hall: apps, favourites, stats, search, page templates, the guide bus. */
export async function cataloguePlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  // Demo enterprise images; public because <img> tags carry no bearer token.
  await app.register(fastifyStatic, {
    root: demoImages, prefix: '/static/demo/', decorateReply: false, index: false, list: false,
    maxAge: '1d',
  });
  await app.register(appsRoutes, { ctx });
  await app.register(statsRoutes, { ctx });
  await app.register(favouritesRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(viewsRoutes, { ctx });
  await app.register(guideBusRoutes, { ctx });
  await app.register(demoExternalRoutes, { ctx });
}
