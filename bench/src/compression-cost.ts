/**
 * `npx tsx bench/src/compression-cost.ts [--processes 10000] [--requests 3000]`
 * What compressing an answer costs, per setting, on real list pages: takes the bodies of the read endpoints for the
 * busiest seeded user (bench-heavy, 10 rows a page) and for a staff member, serves each body from a bare Fastify app
 * with platform/compression.ts and measures process CPU per request through `app.inject` for identity, gzip and br
 * (three rounds, best kept: the machine is shared), then what zlib alone costs at other levels. Chose the
 * threshold and levels of platform/compression.ts (docs/adr/0010-production-metrics-logs-health-and-identity.md).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify from 'fastify';

import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { compression } from '../../apps/server/src/platform/compression.ts';
import { readEndpoints } from './api-endpoints.ts';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { signTokens } from './lib/tokens.ts';
import { HEAVY_ACCOUNT, staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const databaseUrl = args.get('database') ?? defaultDatabase(parseCount(args.get('processes') ?? '10000'), 'sqlite');
const requests = Number(args.get('requests') ?? 3000);
const publicUrl = 'http://localhost:18099';

const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: publicUrl,
  SEED: 'none',
  LOG_LEVEL: 'warn',
});
const built = await buildApp(config);
const tokens = await signTokens(databaseUrl, publicUrl, [HEAVY_ACCOUNT, staffAccount(0)]);
const bodies: Array<{ name: string; body: string }> = [];
for (const [who, token] of tokens) {
  for (const e of readEndpoints().filter((x) => x.list || x.name === 'searchGuide')) {
    const res = await built.app.inject({
      method: e.method,
      url: e.path,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode === 200)
      bodies.push({ name: `${e.name} (${who === HEAVY_ACCOUNT ? 'heavy' : 'staff'})`, body: res.body });
  }
}
await built.close();

const levels: Array<{ name: string; run: (b: string) => Buffer }> = [
  { name: 'gzip 1', run: (b) => gzipSync(b, { level: 1 }) },
  { name: 'gzip 4', run: (b) => gzipSync(b, { level: 4 }) },
  { name: 'gzip 6', run: (b) => gzipSync(b, { level: 6 }) },
  { name: 'br 1', run: (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }) },
  { name: 'br 4', run: (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) },
  { name: 'br 6', run: (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) },
];
const best = (rounds: number, measure: () => number) => Math.min(...Array.from({ length: rounds }, measure));
const cpuPer = (n: number, fn: () => unknown) => () => {
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / n;
};

console.log(
  `Whole answer through Fastify + platform/compression.ts (µs CPU per request over identity), then zlib alone`,
);
console.log(['body', 'bytes', 'gzip (ours)', 'br (ours)', ...levels.map((l) => l.name)].join(' | '));
for (const { name, body } of bodies) {
  const app = Fastify({ logger: false });
  await app.register(compression);
  app.get('/', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.ready();
  const served: Record<string, { cpu: number; bytes: number }> = {};
  for (let round = 0; round < 3; round++) {
    for (const accept of ['identity', 'gzip', 'br']) {
      for (let i = 0; i < 200; i++) await app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      const cpu = process.cpuUsage();
      let bytes = 0;
      for (let i = 0; i < requests; i++)
        bytes = (await app.inject({ url: '/', headers: { 'accept-encoding': accept } })).rawPayload.length;
      const used = process.cpuUsage(cpu);
      const perRequest = (used.user + used.system) / requests;
      if (!served[accept] || served[accept].cpu > perRequest) served[accept] = { cpu: perRequest, bytes };
    }
  }
  await app.close();
  const plus = (a: string) =>
    `${served[a]!.bytes} B, +${Math.max(0, Math.round(served[a]!.cpu - served.identity!.cpu))} µs`;
  console.log(
    [
      name,
      Buffer.byteLength(body),
      plus('gzip'),
      plus('br'),
      ...levels.map(
        (l) =>
          `${l.run(body).length} B, ${best(
            3,
            cpuPer(requests, () => l.run(body)),
          ).toFixed(0)} µs`,
      ),
    ].join(' | '),
  );
}
