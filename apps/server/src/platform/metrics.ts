import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The server's Prometheus metrics; one registry per app (tests build several apps in one process). */
export interface Metrics {
  registry: Registry;
  /** Request durations by method, route pattern (never the raw URL: ids would explode the series) and status. */
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Push-event streams (GET /api/me/events) open on this instance. */
  pushStreams: Gauge;
  /** State-changing requests answered from a stored Idempotency-Key response instead of running again. */
  idempotencyReplays: Counter;
  /** Requests refused with 429 by the rate limiter, by whom they were counted against. */
  rateLimited: Counter<'key'>;
  /** List pages answered from this instance's page cache (hit) or built (miss); pages never cached are not counted. */
  listCache: Counter<'result'>;
  /** Callback deliveries to external systems by system id and outcome (one per member action, not per attempt). */
  callbacks: Counter<'system' | 'outcome'>;
  /**
   * Password and CAS sign-ins refused, by reason — a fixed set, never the account or a CAS server's own code:
   * bad_credentials, missing, throttled (idp/check-credentials.ts), disabled, cas_refused, cas_account_too_long,
   * cas_unavailable (idp/cas-login.ts).
   */
  signInFailures: Counter<'reason'>;
  /** In-portal notifications delivered (written and committed), by kind; a merged repeat counts again. */
  notifications: Counter<'kind'>;
}

/** How a callback delivery ended (modules/integration/deliver-callback.ts); the metric's `outcome` label. */
export type CallbackOutcome = 'ok' | 'refused' | 'unavailable' | 'timeout' | 'too-large' | 'network' | 'outside-base';

// From 1 ms (a cached read) to 10 s (a request stuck behind the database): the list routes sit at 1–20 ms.
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Creates the registry with Node's default metrics (event-loop lag, heap, GC, CPU) and ours. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  // Event-loop lag comes from here: nodejs_eventloop_lag_seconds and the nodejs_eventloop_lag_p50/p90/p99 gauges.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route pattern',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    pushStreams: new Gauge({
      name: 'servicehall_push_streams',
      help: 'Open push-event streams (GET /api/me/events) on this instance',
      registers: [registry],
    }),
    idempotencyReplays: new Counter({
      name: 'servicehall_idempotency_replays_total',
      help: 'Requests answered from a stored Idempotency-Key response',
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'servicehall_rate_limited_total',
      help: 'Requests refused by the rate limiter (429), per user or per address',
      labelNames: ['key'],
      registers: [registry],
    }),
    listCache: new Counter({
      name: 'servicehall_list_cache_total',
      help: 'Cacheable list pages answered from the page cache (hit) or built (miss)',
      labelNames: ['result'],
      registers: [registry],
    }),
    callbacks: new Counter({
      name: 'servicehall_callbacks_total',
      help: 'Callback deliveries to external systems by system id and outcome',
      labelNames: ['system', 'outcome'],
      registers: [registry],
    }),
    signInFailures: new Counter({
      name: 'servicehall_signin_failures_total',
      help: 'Sign-ins refused by the embedded IdP (password form, CAS), by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    notifications: new Counter({
      name: 'servicehall_notifications_total',
      help: 'In-portal notifications delivered (committed), by kind',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
}
