/**
 * `npx tsx bench/src/ab.ts --server-root <before checkout> [--database sqlite:…] [--endpoint todo] [--rounds 6]
 *   [--seconds 3] [--port 18080]`
 * One change's effect on one read endpoint's server CPU per request, on a loaded machine: starts the "before"
 * server (another checkout, as run.ts's --server-root) and this checkout's side by side, and loads them in
 * alternation — before, after, before, after… — so that both see the same load over time. Prints CPU per request
 * (from /proc) per round and the median of each side.
 */
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { startServer } from './lib/server-process.ts';
import { cpuSeconds } from './lib/cpu.ts';
import { signTokens } from './lib/tokens.ts';
import { readEndpoints } from './api-endpoints.ts';
import { runLoad } from './load/run-load.ts';
import { staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const databaseUrl = args.get('database') ?? defaultDatabase(parseCount(args.get('processes') ?? '10000'), 'sqlite');
const beforeRoot = args.get('server-root');
if (!beforeRoot) throw new Error('--server-root <before checkout> is required');
const rounds = Number(args.get('rounds') ?? 6);
const seconds = Number(args.get('seconds') ?? 3);
const port = Number(args.get('port') ?? 18080);
const endpoint = readEndpoints().find((e) => e.name.startsWith(args.get('endpoint') ?? 'todo'));
if (!endpoint) throw new Error('unknown endpoint');
const publicUrl = `http://localhost:${port}`;
// Both servers verify the same tokens: same database (signing key), same PUBLIC_URL (issuer and audience).
const sides = [
  { name: 'before', server: await startServer(port + 1, databaseUrl, { PUBLIC_URL: publicUrl }, beforeRoot), cpu: [] as number[] },
  { name: 'after', server: await startServer(port + 2, databaseUrl, { PUBLIC_URL: publicUrl }), cpu: [] as number[] },
];
try {
  const tokens = [...(await signTokens(databaseUrl, publicUrl, Array.from({ length: 500 }, (_, i) => staffAccount(i)))).values()];
  const load = (url: string, durationSeconds: number) => runLoad({ url, connections: 32, durationSeconds, method: endpoint.method,
    ...(endpoint.method === 'POST' ? { body: '' } : {}), headers: { 'accept-encoding': 'gzip, deflate, br' },
    items: tokens.map((token) => ({ path: endpoint.path, token })) });
  for (const side of sides) await load(side.server.url, 2);
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const cpu0 = cpuSeconds(side.server.pid)!;
      const result = await load(side.server.url, seconds);
      const perRequest = ((cpuSeconds(side.server.pid)! - cpu0) * 1000) / result.total;
      side.cpu.push(perRequest);
      console.log(`round ${round + 1} ${side.name.padEnd(6)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  ${perRequest.toFixed(4)} ms CPU/req${result.non2xx ? `  ${result.non2xx} non-2xx` : ''}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const side of sides) console.log(`${side.name.padEnd(6)} median ${median(side.cpu).toFixed(4)} ms CPU/req (${side.cpu.map((x) => x.toFixed(3)).join(', ')})`);
} finally {
  await Promise.all(sides.map((s) => s.server.stop()));
}
