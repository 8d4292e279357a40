import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { openDatabase, migrateToLatest, type DatabaseHandle } from './db/database.ts';
import { createLocalEventBus, type EventBus } from './platform/event-bus.ts';
import { createRedisEventBus } from './platform/redis-event-bus.ts';
import { closeRedisClient, createRedisClient } from './platform/redis-client.ts';
import type { AppContext } from './platform/context.ts';
import { frameworkErrors, installErrorHandler } from './platform/error-handler.ts';
import { loggerOptions } from './platform/logger.ts';
import { healthRoutes } from './platform/health-routes.ts';
import { bearerAuth } from './auth/bearer-auth.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { rateLimits } from './platform/rate-limit.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { workflowApi } from './modules/processes/workflow-api.ts';
import { embeddedIdp } from './idp/idp-plugin.ts';
import { spaRoutes } from './platform/spa-routes.ts';
import { cataloguePlugin } from './modules/apps/catalogue-plugin.ts';
import { taskApiPlugin } from './graphql/task-api-plugin.ts';
import { openApi } from './platform/openapi.ts';
import { createWalSync, type WalSync } from './platform/wal-sync.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** SQLite files: the group commit every state-changing answer waits for (null on PostgreSQL). */
  walSync: WalSync | null;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Reuse an open database (tests); otherwise config.databaseUrl is opened and migrated. */
  database?: DatabaseHandle;
  bus?: EventBus;
  now?: () => number;
  /** Log destination (tests capture log lines here). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server: API, task-centre API, GraphQL, push events, embedded IdP and the SPA, on one port. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const handle = options.database ?? (await openDatabase(config.databaseUrl));
  if (!options.database) {
    try {
      await migrateToLatest(handle.db);
    } catch (e) {
      await handle.close();
      throw e;
    }
  }
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: 256 * 1024,
    trustProxy: true,
    // Refuse `?a=1&a=2` style ambiguity at the schema layer: duplicates arrive as arrays and fail validation.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Bad percent-encoding or an over-long path parameter is refused by the router: answer with our envelope.
    frameworkErrors,
  });
  // With REDIS_URL, push events cross instances and rate-limit counters are shared. Both connect in the
  // background: the server starts and actions commit while Redis is down (platform/redis-client.ts).
  const bus = options.bus ?? (config.redisUrl ? createRedisEventBus(config.redisUrl, app.log) : createLocalEventBus());
  const rateLimitRedis = config.redisUrl ? createRedisClient(config.redisUrl, 'commands', app.log) : null;
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    bus,
    now: options.now ?? (() => Math.floor(Date.now() / 1000)),
  };
  app.decorateRequest('user', null);
  installErrorHandler(app);
  const walSync = await groupCommit(app, config, handle);
  await app.register(formbody, { bodyLimit: 256 * 1024 });
  await app.register(securityHeaders, { ctx });
  await app.register(rateLimits, { ctx, redis: rateLimitRedis });
  await app.register(openApi, { ctx });
  await app.register(healthRoutes, { ctx });
  await app.register(bearerAuth, { ctx });
  await app.register(embeddedIdp, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(workflowApi, { ctx });
  await app.register(cataloguePlugin, { ctx });
  await app.register(taskApiPlugin, { ctx });
  // Keep last: its catch-all GET under BASE_PATH must not shadow any route above.
  await app.register(spaRoutes, { ctx });

  return {
    app,
    ctx,
    walSync,
    async close() {
      await app.close();
      await walSync?.close();
      await bus.close();
      if (rateLimitRedis) await closeRedisClient(rateLimitRedis);
      if (!options.database) await handle.close();
    },
  };
}

// Methods that change nothing: their answers need not wait for the disk.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * SQLite files: commits without an fsync each (`synchronous = NORMAL`), and every answer to a state-changing
 * request held until one shared fdatasync of the WAL has covered it (platform/wal-sync.ts, docs/decisions.md).
 * PostgreSQL and in-memory databases are left as they are.
 */
async function groupCommit(app: FastifyInstance, config: Config, handle: DatabaseHandle): Promise<WalSync | null> {
  if (handle.dialect !== 'sqlite' || !config.databaseUrl.startsWith('sqlite:')) return null;
  const file = config.databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:' || file === '') return null;
  await sql`pragma synchronous = NORMAL`.execute(handle.db);
  const walSync = createWalSync(`${file}-wal`);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method)) return done(null, payload);
    walSync.flush().then(() => done(null, payload), (err: Error) => done(err));
  });
  return walSync;
}
