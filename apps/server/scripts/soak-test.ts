/**
 * `npm run test:long` (the npm script runs the 10,000-request fuzz first): SOAK_MINUTES
 * (default 30) of mixed load on a server child process — starters and approvers acting with idempotency keys,
 * readers paging lists and GraphQL, event streams opened and dropped — while the child's memory (RSS without the
 * mapped SQLite file, and the live V8 heap after a full GC), open file descriptors, database connections and the
 * SQLite WAL are sampled. After the warm-up (a fifth of the run, at least one minute, and on SQLite until the file
 * has grown by the page cache's size) none may grow by more than 10 %, and the WAL must stay bounded
 * (judgeSamples in test/helpers/soak-run.ts). The run ends with the kill test's checker: every acknowledged action
 * stored exactly once. SOAK_DIALECT=postgres uses TEST_DATABASE_URL. Exits 1 on any problem.
 */
import { runSoak } from '../test/helpers/soak-run.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const dialect = process.env.SOAK_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
// SOAK_HEAP_SNAPSHOTS=<folder>: heap snapshots of the server at the end of the warm-up and at the end, for diagnosis.
const heapSnapshotDir = process.env.SOAK_HEAP_SNAPSHOTS || undefined;
const report = await runSoak({ dialect, minutes, heapSnapshotDir, log: (l) => process.stdout.write(`${l}\n`) });
process.stdout.write(`\n${report.table}\n`);
for (const p of report.problems) process.stdout.write(`PROBLEM ${p}\n`);
process.stdout.write(report.problems.length ? '\nFAILED\n' : '\nOK: resources flat after warm-up, nothing lost\n');
process.exit(report.problems.length ? 1 : 0);
