/**
 * `npx tsx bench/src/ab.ts --server-root <before checkout> [--database sqlite:…] [--endpoint todo] [--rounds 6]
 *   [--seconds 3] [--users 500] [--port 18080]`
 * `npx tsx bench/src/ab.ts --paths '<path>|<path>…' [--database sqlite:…] [--rounds 6] [--seconds 3] [--users 500]`
 * One change's effect on one read endpoint's server CPU per request, on a loaded machine: starts the "before"
 * server (another checkout, as run.ts's --server-root) and this checkout's side by side, and loads them in
 * alternation — before, after, before, after… — so that both see the same load over time. With `--paths` instead,
 * what one query parameter or route costs: this checkout's server alone, the GET paths loaded in alternation.
 * Prints CPU per request (from /proc) per round and the median of each side.
 */
import { readEndpoints } from './api-endpoints.ts';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { cpuSeconds } from './lib/cpu.ts';
import { startServer, type RunningProcess } from './lib/server-process.ts';
import { signTokens } from './lib/tokens.ts';
import { runLoad } from './load/run-load.ts';
import { staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const databaseUrl = args.get('database') ?? defaultDatabase(parseCount(args.get('processes') ?? '10000'), 'sqlite');
const beforeRoot = args.get('server-root');
const paths = args.get('paths')?.split('|');
if (!beforeRoot && !paths) throw new Error('--server-root <before checkout> or --paths <path>|<path>… is required');
const rounds = Number(args.get('rounds') ?? 6);
const seconds = Number(args.get('seconds') ?? 3);
const users = Number(args.get('users') ?? 500);
const port = Number(args.get('port') ?? 18080);
const endpoint = paths
  ? { method: 'GET' as const, path: '' }
  : readEndpoints().find((e) => e.name.startsWith(args.get('endpoint') ?? 'todo'));
if (!endpoint) throw new Error('unknown endpoint');
const publicUrl = `http://localhost:${port}`;

interface Side {
  name: string;
  server: RunningProcess;
  path: string;
  cpu: number[];
}
// Both servers verify the same tokens: same database (signing key), same PUBLIC_URL (issuer and audience).
const servers = beforeRoot
  ? [
      await startServer(port + 1, databaseUrl, { PUBLIC_URL: publicUrl }, beforeRoot),
      await startServer(port + 2, databaseUrl, { PUBLIC_URL: publicUrl }),
    ]
  : [await startServer(port + 1, databaseUrl, { PUBLIC_URL: publicUrl })];
const sides: Side[] = paths
  ? paths.map((path) => ({ name: path, server: servers[0]!, path, cpu: [] }))
  : [
      { name: 'before', server: servers[0]!, path: endpoint.path, cpu: [] },
      { name: 'after', server: servers[1]!, path: endpoint.path, cpu: [] },
    ];
const width = Math.max(...sides.map((s) => s.name.length));
try {
  const tokens = [
    ...(
      await signTokens(
        databaseUrl,
        publicUrl,
        Array.from({ length: users }, (_, i) => staffAccount(i)),
      )
    ).values(),
  ];
  const load = (side: Side, durationSeconds: number) =>
    runLoad({
      url: side.server.url,
      connections: 32,
      durationSeconds,
      method: endpoint.method,
      ...(endpoint.method === 'POST' ? { body: '' } : {}),
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      items: tokens.map((token) => ({ path: side.path, token })),
    });
  for (const side of sides) await load(side, 2);
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const cpu0 = cpuSeconds(side.server.pid)!;
      const result = await load(side, seconds);
      const perRequest = ((cpuSeconds(side.server.pid)! - cpu0) * 1000) / result.total;
      side.cpu.push(perRequest);
      console.log(
        `round ${round + 1} ${side.name.padEnd(width)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  ${perRequest.toFixed(4)} ms CPU/req${result.non2xx ? `  ${result.non2xx} non-2xx` : ''}`,
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const side of sides)
    console.log(
      `${side.name.padEnd(width)} median ${median(side.cpu).toFixed(4)} ms CPU/req (${side.cpu.map((x) => x.toFixed(3)).join(', ')})`,
    );
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
