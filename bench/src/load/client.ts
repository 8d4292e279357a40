/**
 * The load client, always in its own process (spawned by load/run-load.ts) so it does not share an event loop
 * with the server or the orchestrator. Reads a LoadSpec as JSON from argv[2], prints one JSON result line.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './run-load.ts';

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
let next = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  ...(spec.amount ? { amount: spec.amount } : { duration: spec.durationSeconds }),
  timeout: 30,
  requests: [{
    method: spec.method,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    // Rotates over many users (the per-user rate limit) or hands out each fresh task exactly once (amount = items).
    setupRequest(req) {
      const item = spec.items[next++ % spec.items.length]!;
      return {
        ...req, path: item.path,
        headers: {
          ...spec.headers,
          ...(item.token ? { authorization: `Bearer ${item.token}` } : {}),
          ...(spec.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      };
    },
  }],
});
const out: LoadResult = {
  // Requests over the whole run's time. autocannon's requests.average is the mean of one-second samples, whose last
  // sample is a partial second: a run of a fixed amount (1,000 actions in ~3 s) was under-reported by up to a quarter.
  requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)])),
  seconds: result.duration,
  bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : undefined,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
