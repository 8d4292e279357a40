/**
 * `npx tsx bench/src/inproc.ts [--processes 10000] [--db sqlite|postgres] [--requests 2000] [--only todo,doing]
 *   [--accept-encoding identity|gzip|br]` (a browser's `gzip, deflate, br` by default: compression is part of the cost)
 * Server CPU per request without a network or a load client: builds the app in this process on a seeded database
 * and sends each read endpoint's request through `app.inject`, one at a time, over 500 staff users, after a warm-up.
 * Measures process CPU (user + system) per request — the steadiest figure on a shared machine, for before/after
 * comparisons of one change. (inject's own cost is included; the socket's is not.)
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { readEndpoints } from './api-endpoints.ts';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { signTokens } from './lib/tokens.ts';
import { staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const processes = parseCount(args.get('processes') ?? '10000');
const dialect = (args.get('database') ?? args.get('db') ?? 'sqlite').startsWith('postgres') ? 'postgres' : 'sqlite';
const databaseUrl = args.get('database') ?? defaultDatabase(processes, dialect);
const requests = Number(args.get('requests') ?? 2000);
const only = args.get('only')?.split(',');
const acceptEncoding = args.get('accept-encoding') ?? 'gzip, deflate, br';
const publicUrl = 'http://localhost:18099';

const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: publicUrl,
  SEED: 'none',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
const built = await buildApp(config);
const tokens = [
  ...(
    await signTokens(
      databaseUrl,
      publicUrl,
      Array.from({ length: 500 }, (_, i) => staffAccount(i)),
    )
  ).values(),
];
try {
  for (const e of readEndpoints()) {
    if (only && !only.some((o) => e.name.startsWith(o))) continue;
    const send = (i: number) =>
      built.app.inject({
        method: e.method,
        url: e.path,
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'accept-encoding': acceptEncoding },
      });
    for (let i = 0; i < Math.min(500, requests); i += 1) await send(i);
    let bad = 0;
    let bytes = 0;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < requests; i += 1) {
      const res = await send(i);
      if (res.statusCode !== 200) bad += 1;
      bytes += res.rawPayload.length;
    }
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - t0;
    console.log(
      `${e.name.padEnd(24)} CPU ${((used.user + used.system) / requests).toFixed(0).padStart(5)} µs/req, wall ${((wall * 1000) / requests).toFixed(0).padStart(5)} µs/req, body ${(bytes / requests).toFixed(0).padStart(5)} B${bad ? `, ${bad} not 200` : ''}`,
    );
  }
} finally {
  await built.close();
}
