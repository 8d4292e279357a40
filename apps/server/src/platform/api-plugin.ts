import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';

import { bearerAuth } from '../auth/bearer-auth.ts';
import type { AppContext } from './context.ts';
import type { DefinedRoute } from './define-route.ts';
import { installInputGuard } from './input-guard.ts';
import { zodSerializerCompiler, zodValidatorCompiler } from './schema-compilers.ts';

export interface ApiPluginOptions {
  ctx: AppContext;
  redis: Redis | null;
  /** The routes declared with defineRoute (platform/define-route.ts), in every module. */
  routes: DefinedRoute[];
  /** Route plugins that are not declared by contract alone (the GraphQL endpoints). */
  plugins: Array<(app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>>;
}

/**
 * Every API route (workflow, task-centre, GraphQL, push events) lives in this one encapsulated plugin, which sets
 * what they share: the contracts' validator and serializer, bearer authentication with the route's scope, the
 * input guard, `Cache-Control: no-store` and the per-user rate limit. The IdP, the SPA and the health checks are
 * outside it, so none of these needs a URL pattern to know where it applies.
 */
export async function apiPlugin(
  app: FastifyInstance,
  { ctx, redis, routes, plugins }: ApiPluginOptions,
): Promise<void> {
  // Every route here answers JSON (or a push stream) except those that say `html` (GraphiQL outside production):
  // they get the JSON list of security headers (platform/security-headers.ts), which carries `Cache-Control:
  // no-store` too — API responses carry personal data: never keep them in a shared or browser cache, success or
  // error. An `html` route gets no-store from a hook of its own (one hook less on every JSON request).
  app.addHook('onRoute', (route) => {
    if (route.config?.html !== true) {
      route.config = { ...route.config, jsonApi: true };
      return;
    }
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [noStore, ...own];
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  // The per-user rate limit is counted inside the auth hook (platform/api-rate-limit.ts).
  await app.register(bearerAuth, { ctx, redis });
  // Unknown parameters are ignored (docs/adr/0014-one-contract-per-route.md); said in the debug log, checked by the
  // input guard's own hook (one preValidation hook per request, not two).
  installInputGuard(app, (request) => {
    if (request.log.level === 'debug' || request.log.level === 'trace') logUnknownParameters(request);
  });
  for (const route of routes) {
    app.route(route.options(ctx));
    for (const options of aliasesOf(route, ctx)) app.route(options);
  }
  for (const plugin of plugins) await app.register(plugin, { ctx });
}

/**
 * The workflow API under each API_ALIASES prefix (`/infoplus/apis/v2/task/:id` for `/api/task/:id`): the same
 * contract, handler and hooks, hidden from the OpenAPI document so each operation is documented once.
 */
function aliasesOf(route: DefinedRoute, ctx: AppContext): RouteOptions[] {
  if (!route.contract.path.startsWith('/api/')) return [];
  return ctx.config.apiAliases.map((prefix) => {
    const options = route.options(ctx);
    return {
      ...options,
      url: `${prefix}${route.contract.path.slice('/api'.length)}`,
      config: { ...options.config, alias: true },
    };
  });
}

const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

function logUnknownParameters(request: import('fastify').FastifyRequest): void {
  const contract = request.routeOptions.config?.contract;
  const known = contract?.query?.shape;
  if (!known || !request.query || typeof request.query !== 'object') return;
  const unknown = Object.keys(request.query).filter((k) => !(k in known));
  if (unknown.length > 0) request.log.debug({ unknown }, 'unknown query parameters ignored');
}
