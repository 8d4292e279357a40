import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { REPO_ROOT } from '../lib/server-process.ts';

const run = promisify(execFile);

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds?: number;
  /** Total requests instead of a duration (actions: one per fresh task). */
  amount?: number;
  method: 'GET' | 'POST';
  body?: string;
  items: Array<{ path: string; token?: string }>;
  /** Sent with every request, e.g. a browser's Accept-Encoding. */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  seconds: number;
  /** Bytes received per response (headers and body, as sent: compressed when the server compressed). */
  bytesPerResponse?: number;
}

/** Runs autocannon in a child process with `spec` and returns its summary. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sh-bench-')), 'spec.json');
  fs.writeFileSync(file, JSON.stringify(spec));
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/src/load/client.ts', file], {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
