/**
 * The load client, always in its own process (spawned by load/run-load.ts) so it does not share an event loop
 * with the server or the orchestrator. Reads a LoadSpec as JSON from argv[2], prints one JSON result line.
 */
import fs from 'node:fs';
import autocannon, { type RawRequest } from 'autocannon';

import type { LoadResult, LoadSpec } from './run-load.ts';

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
let next = 0;
// From the first request sent to the last answer received. autocannon checks for the end of a run only on its
// one-second sample tick, so its `duration` of a fixed amount is rounded up to whole seconds (+ ~30 ms): 1,001
// actions answered in 1.2 s were reported as 2.03 s, i.e. 493/s instead of ~830/s.
let firstSent = 0;
let lastAnswered = 0;
const request = {
  method: spec.method,
  ...(spec.body !== undefined ? { body: spec.body } : {}),
  // Rotates over many users (the per-user rate limit) or hands out each fresh task exactly once (amount = items).
  setupRequest(req: RawRequest) {
    if (firstSent === 0) firstSent = performance.now();
    const item = spec.items[next++ % spec.items.length]!;
    return {
      ...req,
      path: item.path,
      headers: {
        ...spec.headers,
        ...(item.token ? { authorization: `Bearer ${item.token}` } : {}),
        ...(spec.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    };
  },
  onResponse() {
    lastAnswered = performance.now();
  },
};
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  ...(spec.amount ? { amount: spec.amount } : { duration: spec.durationSeconds }),
  timeout: 30,
  requests: [request],
});
const measured = firstSent > 0 && lastAnswered > firstSent ? (lastAnswered - firstSent) / 1000 : 0;
const out: LoadResult = {
  // Requests over the whole run's time. autocannon's requests.average is the mean of one-second samples, whose last
  // sample is a partial second: a run of a fixed amount (1,000 actions in ~3 s) was under-reported by up to a quarter.
  // Its duration is whole seconds too (above): the run's own first-request-to-last-answer time is used.
  requestsPerSecond:
    measured > 0
      ? result.requests.total / measured
      : result.duration > 0
        ? result.requests.total / result.duration
        : result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)])),
  seconds: measured > 0 ? Math.round(measured * 1000) / 1000 : result.duration,
  bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : undefined,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
