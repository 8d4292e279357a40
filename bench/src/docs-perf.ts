/**
 * `npm run docs:perf`: rewrites the current-standing table of docs/performance.md (between its perf markers) from the
 * newest bench/results/*.json of each part. `--check` exits 1 when the document is not up to date, writing nothing.
 */
import fs from 'node:fs';
import path from 'node:path';

import { currentStanding, replaceBetweenMarkers, standingTable, type ResultFile } from './lib/perf-table.ts';
import { RESULTS_DIR } from './lib/report.ts';
import { REPO_ROOT } from './lib/server-process.ts';

const DOC = path.join(REPO_ROOT, 'docs', 'performance.md');
const results: ResultFile[] = fs
  .readdirSync(RESULTS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((file) => {
    const r = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, file), 'utf8')) as Omit<ResultFile, 'file'>;
    return { file, dialect: r.dialect, processes: r.processes, commit: r.commit, verdicts: r.verdicts };
  });
const before = fs.readFileSync(DOC, 'utf8');
const after = replaceBetweenMarkers(before, standingTable(currentStanding(results)));
if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error('docs/performance.md is not up to date: run npm run docs:perf');
    process.exit(1);
  }
} else if (after !== before) {
  fs.writeFileSync(DOC, after);
  console.log('docs/performance.md: current standing rewritten');
} else console.log('docs/performance.md: already up to date');
