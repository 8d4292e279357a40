import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Each of the bench's few hundred users calls far faster than a person: past ~5,000 requests a second the default
 * 600 a minute answered 429 for most of a run. The limit is still counted on every request, as in production (the
 * same hook, the same store); only the allowance is higher.
 */
export const BENCH_RATE_LIMIT = { API_RATE_LIMIT_PER_MINUTE: '1000000' };

/**
 * The real server as production runs it (its own process, NODE_ENV=production, warn logs), on `port`; `root` is
 * another checkout whose server to run (before/after comparisons), this one by default.
 */
export function startServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  root = REPO_ROOT,
): Promise<RunningProcess> {
  return startNode(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    port,
    '/healthz',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...BENCH_RATE_LIMIT,
      ...env,
    },
    root,
  );
}

/** The baseline: a bare Fastify route in its own process, started the same way as the server. */
export function startBaseline(port: number): Promise<RunningProcess> {
  return startNode(['--import', 'tsx', 'bench/src/load/baseline-server.ts'], port, '/baseline', {
    PORT: String(port),
    NODE_ENV: 'production',
  });
}

async function startNode(
  args: string[],
  port: number,
  probe: string,
  env: Record<string, string>,
  cwd = REPO_ROOT,
): Promise<RunningProcess> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    process.stderr.write(d);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited with ${child.exitCode}: ${stderr.slice(-500)}`);
    try {
      if ((await fetch(url + probe)).ok) return { url, pid: child.pid!, stop: () => stop(child) };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop(child);
  throw new Error(`${args.at(-1)} did not answer ${probe} within 60 s`);
}

/** SIGTERM (the server closes its pool), SIGKILL after 5 s: a benchmark never leaves a process behind. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
