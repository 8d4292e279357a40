import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REPO_ROOT } from './server-process.ts';

export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');

/** What a result must carry to be comparable later: the commit, the machine and the runtime. */
export function machine() {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: REPO_ROOT }).toString().trim();
    } catch {
      return 'unknown';
    }
  };
  return {
    commit: git(['rev-parse', 'HEAD']),
    dirty: git(['status', '--porcelain', '--', 'apps', 'packages']) !== '',
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes bench/results/<timestamp>-<db>-<size>.json and returns its path. */
export function writeResult(dialect: string, processes: number, data: object): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const file = path.join(RESULTS_DIR, `${stamp}-${dialect}-${processes}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** The newest earlier result for this database at another size (the p99 growth target compares against 10,000). */
export function latestResult(
  dialect: string,
  processes: number,
): { file: string; data: { api?: { rows: Array<{ name: string; p99?: number }> } } } | null {
  if (!fs.existsSync(RESULTS_DIR)) return null;
  const files = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith(`-${dialect}-${processes}.json`))
    .sort()
    .reverse();
  // The newest run that measured the API (a page-only or actions-only run has nothing to compare with).
  for (const file of files) {
    const data = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, file), 'utf8')) as {
      api?: { rows: Array<{ name: string; p99?: number }> };
    };
    if (data.api?.rows?.length) return { file, data };
  }
  return null;
}

/** Prints rows as an aligned text table. */
export function printTable(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  for (const [n, r] of cells.entries()) {
    console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

export const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '' : n.toFixed(digits));
export const verdict = (pass: boolean | null | undefined) => (pass === true ? 'PASS' : pass === false ? 'FAIL' : '—');
