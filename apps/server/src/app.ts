import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import { createClientRegistry } from './auth/registered-clients.ts';
import { createRevokedGrants } from './auth/revoked-grants.ts';
import { createUserDirectory } from './auth/user-directory.ts';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import { MAX_WAL_FRAMES, startWalCheckpointer, type WalCheckpointer } from './db/wal-checkpointer.ts';
import { createWalSync, type WalSync } from './db/wal-sync.ts';
import { embeddedIdp } from './idp/idp-plugin.ts';
import { oauthSiblingRoutes } from './idp/oauth2-routes.ts';
import { cataloguePlugin } from './modules/apps/catalogue-plugin.ts';
import { apiPlugin } from './platform/api-plugin.ts';
import { compression } from './platform/compression.ts';
import type { AppContext } from './platform/context.ts';
import { diskRoom } from './platform/disk-reserve.ts';
import { frameworkErrors, installErrorHandler } from './platform/error-handler.ts';
import { createLocalEventBus, type EventBus } from './platform/event-bus.ts';
import { healthPlugin } from './platform/health-routes.ts';
import { installJsonDepthLimit } from './platform/json-depth.ts';
import { listVersionReader, PageCache } from './platform/list-cache.ts';
import { loggerOptions } from './platform/logger.ts';
import { metricsPlugin } from './platform/metrics-plugin.ts';
import { createMetrics } from './platform/metrics.ts';
import { openApi } from './platform/openapi.ts';
import { watchProxyTrust } from './platform/proxy-trust-watch.ts';
import { closeRedisClient, createRedisClient } from './platform/redis-client.ts';
import { createRedisEventBus } from './platform/redis-event-bus.ts';
import { echoRequestId, requestId } from './platform/request-id.ts';
import { lazyChildLoggerFactory } from './platform/request-logger.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { spaRoutes } from './platform/spa-routes.ts';
import { apiPlugins, apiRoutes } from './routes.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** SQLite files: the group commit every state-changing answer waits for (null on PostgreSQL). */
  walSync: WalSync | null;
  /** SQLite files: the worker thread that checkpoints the WAL (null on PostgreSQL). */
  checkpointer: WalCheckpointer | null;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Reuse an open database (tests); otherwise config.databaseUrl is opened and migrated. */
  database?: DatabaseHandle;
  bus?: EventBus;
  now?: () => number;
  /** Log destination (tests capture log lines here). */
  logStream?: NodeJS.WritableStream;
  /** How long after the first request the untrusted-proxy watch counts addresses (a minute by default). */
  proxyTrustWindowMs?: number;
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
    // A request's child logger is made only when it writes a line (platform/request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: 256 * 1024,
    // A request (headers and body) must arrive within 30 s and its headers within 10 s: a client trickling a body
    // byte by byte used to hold its connection forever. Responses (the event stream) are not
    // limited by these.
    requestTimeout: 30_000,
    http: { headersTimeout: 10_000 },
    // A plugin (the embedded IdP makes its keys, migrations run) may take longer than avvio's 10 s on a small busy
    // machine; starting slowly beats refusing to start (seen with the test suite on a 2-core machine under load).
    pluginTimeout: 60_000,
    // The client address (rate limits, sign-in throttle, logs) comes from X-Forwarded-For only when the
    // connection is from a proxy named in TRUST_PROXY (default: loopback); anyone else could forge it.
    trustProxy: config.trustProxy,
    // Refuse `?a=1&a=2` style ambiguity at the schema layer: duplicates arrive as arrays and fail validation.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Bad percent-encoding or an over-long path parameter is refused by the router: answer with our envelope.
    frameworkErrors,
    // X-Request-Id from a proxy is kept when well-formed (platform/request-id.ts), else a UUID.
    requestIdHeader: false,
    genReqId: requestId,
  });
  // Before any plugin: every scope inherits this JSON parser, which refuses nesting past 64 levels with a 400.
  installJsonDepthLimit(app);
  // With REDIS_URL, push events cross instances and rate-limit counters are shared. Both connect in the
  // background: the server starts and actions commit while Redis is down (platform/redis-client.ts).
  const bus =
    options.bus ??
    (config.redisUrl ? createRedisEventBus(config.redisUrl, app.log, config.redisPrefix) : createLocalEventBus());
  const rateLimitRedis = config.redisUrl
    ? createRedisClient(config.redisUrl, 'commands', app.log, config.redisPrefix)
    : null;
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    bus,
    metrics: createMetrics(),
    now: options.now ?? (() => Math.floor(Date.now() / 1000)),
    ...(config.listCacheBytes > 0
      ? { listCache: new PageCache(config.listCacheBytes, listVersionReader(handle)) }
      : {}),
  };
  app.decorateRequest('user', null);
  installErrorHandler(app);
  app.addHook('onRequest', echoRequestId);
  watchProxyTrust(app, {
    trustProxy: config.trustProxy,
    windowMs: options.proxyTrustWindowMs ?? 60_000,
    minRequests: 20,
  });
  const { walSync, checkpointer, walPendingBytes } = await groupCommit(app, config, handle);
  if (walPendingBytes) ctx.walPendingBytes = walPendingBytes;
  await app.register(metricsPlugin, { ctx, database: handle, walSync, checkpointer });
  await app.register(compression);
  await app.register(formbody, { bodyLimit: 256 * 1024 });
  await app.register(securityHeaders, { ctx });
  // User lookups shared by the auth hook and modules that change users (to forget a disabled account at once).
  app.decorate('userDirectory', createUserDirectory(ctx));
  // Registered OAuth clients: the auth hook recognises their tokens, the administration routes forget changed ones.
  app.decorate('clientRegistry', createClientRegistry(ctx.db));
  // Sign-in grants ended by a logout: the IdP adds them, the auth hook and the event stream refuse their tokens.
  const wallClock = () => Math.floor(Date.now() / 1000);
  const revokedGrants = createRevokedGrants(ctx.db, app.log, wallClock);
  await revokedGrants.refresh(wallClock());
  app.decorate('revokedGrants', revokedGrants);
  app.addHook('onClose', async () => revokedGrants.close());
  // Off in a production start unless API_DOCS=on: /docs then answers 404 like any unknown server path.
  if (config.apiDocs) await app.register(openApi, { ctx });
  await app.register(healthPlugin, { ctx });
  await app.register(embeddedIdp, { ctx, redis: rateLimitRedis });
  // `/infoplus/oauth2/{authorize,token}` beside each API_ALIASES prefix: the IdP's endpoints under the family's names.
  await app.register(oauthSiblingRoutes, { ctx });
  await app.register(apiPlugin, { ctx, redis: rateLimitRedis, routes: apiRoutes, plugins: apiPlugins });
  await app.register(cataloguePlugin, { ctx });
  // Keep last: its catch-all GET under BASE_PATH must not shadow any route above.
  await app.register(spaRoutes, { ctx });

  return {
    app,
    ctx,
    walSync,
    checkpointer,
    async close() {
      await app.close();
      await walSync?.close();
      // Before the database: the server's connection, closed last, checkpoints what is left and removes the WAL.
      await checkpointer?.close();
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
 * request held until one shared fdatasync of the WAL has covered it (db/wal-sync.ts, docs/adr/0007-server-performance.md);
 * WAL checkpoints in a worker thread instead of inside a commit (db/wal-checkpointer.ts).
 * PostgreSQL and in-memory databases are left as they are.
 */
async function groupCommit(
  app: FastifyInstance,
  config: Config,
  handle: DatabaseHandle,
): Promise<{
  walSync: WalSync | null;
  checkpointer: WalCheckpointer | null;
  walPendingBytes?: () => Promise<number>;
}> {
  if (handle.dialect !== 'sqlite' || !config.databaseUrl.startsWith('sqlite:'))
    return { walSync: null, checkpointer: null };
  const file = config.databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:' || file === '') return { walSync: null, checkpointer: null };
  await sql`pragma synchronous = NORMAL`.execute(handle.db);
  const walSync = createWalSync(`${file}-wal`);
  // The WAL bound is a quarter of the disk reserve at most: a checkpoint of a full WAL may grow the database file
  // by as much as the WAL holds, and after a full disk that checkpoint is what lets writes start the WAL over, so
  // freeing the reserve must be enough for it and for the writes around it.
  const pageSize = (await sql<{ page_size: number }>`pragma page_size`.execute(handle.db)).rows[0]!.page_size;
  const room = await diskRoom(config);
  const maxFrames = room
    ? Math.max(256, Math.min(MAX_WAL_FRAMES, Math.floor(room.reserve / 4 / pageSize)))
    : MAX_WAL_FRAMES;
  const checkpointer = startWalCheckpointer(
    file,
    (err) => {
      // Without the worker the WAL would grow without end: the server's connection checkpoints again by itself.
      app.log.error({ err }, 'the WAL checkpoint worker failed: back to checkpoints in the commits');
      void sql`pragma wal_autocheckpoint = 1000`.execute(handle.db).catch(() => undefined);
    },
    maxFrames,
  );
  // A WAL that grew past its bound (a reader holding an old snapshot) is cut back to it when it starts over,
  // instead of keeping its largest size on the disk for good.
  await sql.raw(`pragma journal_size_limit = ${maxFrames * pageSize}`).execute(handle.db);
  await sql`pragma wal_autocheckpoint = 0`.execute(handle.db);
  // Past its bound, a write waits for the WAL to be copied whole, and starts it over (db/wal-checkpointer.ts).
  handle.gateWrites?.(() => checkpointer.beforeWrite());
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method)) return done(null, payload);
    checkpointer.wrote();
    walSync.flush().then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
  // What the WAL holds that is not yet in the database file, after asking the worker to copy what it can now.
  const walPendingBytes = async () => {
    // The worker stopped: the connection checkpoints inside its commits again, nothing is held back.
    const r = await checkpointer.checkpointNow().catch(() => null);
    if (!r) return 0;
    // A failed checkpoint copied nothing it can vouch for: all of the WAL is still to copy.
    return Math.max(0, r.log - Math.max(0, r.checkpointed)) * pageSize;
  };
  return { walSync, checkpointer, walPendingBytes };
}
