import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';

import type { DatabaseHandle } from '../db/database.ts';
import type { WalCheckpointer } from '../db/wal-checkpointer.ts';
import type { WalSync } from '../db/wal-sync.ts';
import type { AppContext } from './context.ts';
import { diskRoom } from './disk-reserve.ts';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters and gauges other modules move (push streams); exposed at /metrics when configured. */
    metrics: Metrics;
    /** The separate metrics listener (METRICS_PORT), once listening; null otherwise. */
    metricsAddress: () => AddressInfo | null;
  }
}

// Long-lived streams would put hours into the duration histogram; they are counted by servicehall_push_streams.
const NOT_TIMED = new Set(['/api/me/events']);
const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics (docs/operations.md, "Metrics"). Off unless METRICS_TOKEN or METRICS_PORT is set:
 * METRICS_TOKEN serves GET /metrics on the main port to `Authorization: Bearer <token>` only; METRICS_PORT serves
 * it on a port of its own (bind it to a private interface with METRICS_HOST), also behind the token when one is set.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    {
      ctx,
      database,
      walSync,
      checkpointer = null,
    }: { ctx: AppContext; database: DatabaseHandle; walSync: WalSync | null; checkpointer?: WalCheckpointer | null },
  ) => {
    const metrics = ctx.metrics;
    app.decorate('metrics', metrics);
    const { token, port, host } = ctx.config.metrics;
    let address: AddressInfo | null = null;
    app.decorate('metricsAddress', () => address);
    if (token === null && port === null) return;

    databaseGauges(metrics, database, walSync, checkpointer);
    diskGauges(metrics, ctx);
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? '(unmatched)';
      if (!NOT_TIMED.has(route)) {
        metrics.requestDuration.observe(
          { method: request.method, route, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      if (reply.getHeader('idempotent-replayed') === 'true') metrics.idempotencyReplays.inc();
      done();
    });

    const authorised = (header: string | undefined) => {
      if (token === null) return true;
      const match = /^Bearer (\S+)$/i.exec(header ?? '');
      return match !== null && timingSafeEqual(sha256(match[1]!), sha256(token));
    };
    const scrape = async () => ({ type: metrics.registry.contentType, body: await metrics.registry.metrics() });

    if (token !== null) {
      // Scrapes every 15 s are not worth an info log line each (like the health probes).
      app.get('/metrics', { logLevel: 'warn', config: { public: true } }, async (request, reply) => {
        if (!authorised(request.headers.authorization)) {
          return reply
            .code(401)
            .header('WWW-Authenticate', 'Bearer')
            .type('text/plain; charset=utf-8')
            .send('unauthorised\n');
        }
        const { type, body } = await scrape();
        return reply.header('Cache-Control', 'no-store').type(type).send(body);
      });
    }
    if (port !== null) {
      const server = http.createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return void res.writeHead(404).end();
        if (!authorised(req.headers.authorization))
          return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        scrape().then(
          ({ type, body }) => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
          (err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            res.writeHead(500).end();
          },
        );
      });
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
        address = server.address() as AddressInfo;
        app.log.info({ port: address.port, host }, 'metrics listening');
      });
      app.addHook('onClose', async () => {
        if (server.listening) await new Promise((r) => server.close(r));
      });
    }
  },
  { name: 'metrics' },
);

/**
 * PostgreSQL: the pool's connections (total, idle) and the queries waiting for one — waiting above zero means the
 * pool (10 per instance) is the bottleneck. SQLite has one connection and no pool; what matters there is the
 * write-ahead log (its size, the checkpoints keeping it small) and the group commit's disk flushes.
 */
function databaseGauges(
  metrics: Metrics,
  database: DatabaseHandle,
  walSync: WalSync | null,
  checkpointer: WalCheckpointer | null,
): void {
  const registers = [metrics.registry];
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'servicehall_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'servicehall_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'servicehall_db_pool_max',
      help: 'Most connections the pool opens',
      registers,
      collect() {
        this.set(pool.options.max);
      },
    });
  }
  if (database.file) {
    const wal = `${database.file}-wal`;
    new Gauge({
      name: 'servicehall_sqlite_wal_bytes',
      help: 'Size of the SQLite write-ahead log',
      registers,
      collect() {
        this.set(fs.statSync(wal, { throwIfNoEntry: false })?.size ?? 0);
      },
    });
    new Gauge({
      name: 'servicehall_sqlite_file_bytes',
      help: 'Size of the SQLite database file',
      registers,
      collect() {
        this.set(fs.statSync(database.file!, { throwIfNoEntry: false })?.size ?? 0);
      },
    });
  }
  if (walSync) {
    new Counter({
      name: 'servicehall_sqlite_group_commit_flushes_total',
      help: 'Disk flushes of the WAL shared by state-changing requests',
      registers,
      collect() {
        this.reset();
        this.inc(walSync.syncs);
      },
    });
  }
  if (checkpointer) {
    new Counter({
      name: 'servicehall_sqlite_wal_restarts_total',
      help: 'Writes that waited for the whole WAL to be copied and started it over (it had passed its bound)',
      registers,
      collect() {
        this.reset();
        this.inc(checkpointer.restarts);
      },
    });
  }
}

/**
 * The data volume's free space and the reserve uploads stop at (platform/disk-reserve.ts): an alert before writes
 * fail. No sample when there is nothing to check (no reserve, or PostgreSQL without DATA_DIR).
 */
function diskGauges(metrics: Metrics, ctx: AppContext): void {
  const registers = [metrics.registry];
  // One statfs each per scrape (the registry collects its metrics concurrently, so they cannot share one in order).
  new Gauge({
    name: 'servicehall_disk_free_bytes',
    help: 'Free space on the data volume (what df shows as available)',
    registers,
    async collect() {
      const room = await diskRoom(ctx.config);
      if (room) this.set(room.free);
    },
  });
  new Gauge({
    name: 'servicehall_disk_reserve_bytes',
    help: 'Free space the data volume keeps: uploads are refused below it',
    registers,
    async collect() {
      const room = await diskRoom(ctx.config);
      if (room) this.set(room.reserve);
    },
  });
}
