/**
 * `npm run test:crash`: the long kill test. SIGKILLs the server CRASH_KILLS times (default 20)
 * on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set, while clients keep working; prints the figures
 * and exits non-zero when anything acknowledged is lost or anything is applied twice. CRASH_SEED repeats a run.
 */
import { runCrashTest, type CrashReport } from '../test/helpers/crash-run.ts';

const kills = Number(process.env.CRASH_KILLS ?? 20);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const dialects: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  process.stderr.write('CI=true needs TEST_DATABASE_URL: the kill test must run on PostgreSQL too\n');
  process.exit(1);
}

const reports: CrashReport[] = [];
for (const dialect of dialects) {
  process.stdout.write(`kill test on ${dialect}: ${kills} kills, CRASH_SEED=${seed}\n`);
  const report = await runCrashTest({
    dialect,
    kills,
    upMs: [300, 3000],
    downMs: [0, 500],
    seed,
    log: (l) => process.stdout.write(`  ${l}\n`),
  });
  reports.push(report);
  for (const p of report.problems.slice(0, 20)) process.stdout.write(`  PROBLEM ${p}\n`);
}

const cols = [
  'dialect',
  'kills',
  'operations',
  'ok',
  'failed',
  'unknown',
  'unknownApplied',
  'resentOk',
  'resentReplayed',
  'stuckKeys',
  'lost',
  'duplicated',
  'phantom',
  'eventMismatches',
  'seconds',
] as const;
process.stdout.write(`\n| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|\n`);
for (const r of reports) process.stdout.write(`| ${cols.map((c) => String(r[c])).join(' | ')} |\n`);
const bad = reports.some((r) => r.problems.length > 0);
process.stdout.write(
  bad ? '\nFAILED: see PROBLEM lines above\n' : '\nOK: nothing acknowledged was lost, nothing was applied twice\n',
);
process.exit(bad ? 1 : 0);
