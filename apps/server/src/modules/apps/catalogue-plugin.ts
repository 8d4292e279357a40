import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../platform/context.ts';
import { serverRoot } from '../../platform/paths.ts';
import { imagesPlugin } from '../admin/images/images-plugin.ts';
import { demoExternalRoutes } from '../demo-external/demo-external-routes.ts';

const demoImages = path.join(serverRoot, 'static', 'demo');

/** The catalogue's demo enterprise images (its API routes are in the API plugin, routes.ts). */
export async function cataloguePlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  // Demo enterprise images; public because <img> tags carry no bearer token.
  await app.register(fastifyStatic, {
    root: demoImages,
    prefix: '/static/demo/',
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '1d',
  });
  // HTML pages standing in for the demo's external systems: not API routes, so outside the API plugin.
  await app.register(demoExternalRoutes, { ctx });
  // Icons and enterprise images uploaded in the administration console.
  await app.register(imagesPlugin, { ctx });
}
