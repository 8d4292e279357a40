/**
 * `npx tsx bench/src/paths-ab.ts --database sqlite:<copy> --paths '<path>|<path>…' [--users 500] [--rounds 6]
 *   [--seconds 3] [--port 18080]`
 * What one query parameter or route costs: one server, several GET paths loaded in alternation (first to last,
 * then last to first) over real HTTP as the staff users, server CPU per request from /proc per round and the median
 * of each path. ab.ts compares two checkouts on one path; this compares paths on one checkout.
 */
import { parseArgs } from './lib/args.ts';
import { startServer } from './lib/server-process.ts';
import { cpuSeconds } from './lib/cpu.ts';
import { signTokens } from './lib/tokens.ts';
import { runLoad } from './load/run-load.ts';
import { staffAccount } from './seed/plan.ts';
const args = parseArgs(process.argv.slice(2));
const databaseUrl = args.get('database')!;
const paths = args.get('paths')!.split('|');
const rounds = Number(args.get('rounds') ?? 6);
const seconds = Number(args.get('seconds') ?? 3);
const port = Number(args.get('port') ?? 18080);
const publicUrl = `http://localhost:${port}`;
const server = await startServer(port, databaseUrl, { PUBLIC_URL: publicUrl });
const cpu = new Map<string, number[]>(paths.map((p) => [p, []]));
try {
  const tokens = [...(await signTokens(databaseUrl, publicUrl, Array.from({ length: Number(args.get('users') ?? 500) }, (_, i) => staffAccount(i)))).values()];
  const load = (path: string, durationSeconds: number) => runLoad({ url: server.url, connections: 32, durationSeconds, method: 'GET',
    headers: { 'accept-encoding': 'gzip, deflate, br' }, items: tokens.map((token) => ({ path, token })) });
  for (const p of paths) await load(p, 3);
  for (let round = 0; round < rounds; round++) {
    for (const p of round % 2 === 0 ? paths : [...paths].reverse()) {
      const cpu0 = cpuSeconds(server.pid)!;
      const result = await load(p, seconds);
      const perRequest = ((cpuSeconds(server.pid)! - cpu0) * 1000) / result.total;
      cpu.get(p)!.push(perRequest);
      console.log(`round ${round + 1} ${p.padEnd(60)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s ${perRequest.toFixed(4)} ms${result.non2xx ? ` ${result.non2xx} non-2xx` : ''} bytes ${result.bytesPerResponse ?? ''}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [p, xs] of cpu) console.log(`${p.padEnd(60)} median ${median(xs).toFixed(4)} (${xs.map((x) => x.toFixed(3)).join(', ')})`);
} finally { await server.stop(); }
