import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in this many worker processes at once. Vitest's default is one fewer than the cores, which is a
 * single worker on the 2-core CI machine: the API files then ran one after another (17.8 min), each waiting on
 * PostgreSQL, child processes and timers for part of its time. One worker per core (at least two) keeps both cores
 * busy; docs/adr/0023-test-suite-time-within-the-ci-budget.md has the measurements. TEST_WORKERS overrides it.
 */
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism());

/**
 * Server test files that run each in a fresh module graph. The parsed-definition cache of
 * src/modules/definitions/definitions-repository.ts is keyed by code@version for the life of the process (versions
 * never change once written), so a file that publishes its own version of a definition (e.g. leave@2 with another
 * name) would hand its parse to a later file sharing the worker. These files publish or seed definitions, and
 * messages.test.ts registers a duplicate message key on purpose (every later server in its worker would refuse to
 * start: a fresh-clone run saw health and demo-external fail so).
 */
const serverIsolated = [
  'test/admin-cli.test.ts',
  'test/admin-definitions.test.ts',
  'test/messages.test.ts',
  'test/app-visibility-reach.test.ts',
  'test/seed-at-start.test.ts',
  'test/startup-seed-once.test.ts',
  'test/workflow.test.ts',
];

// Unit and API tests of every workspace. End-to-end tests live in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'engine', root: 'packages/engine', include: ['test/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['test/**/*.test.ts'] } },
      // The benchmark harness's own arithmetic (targets, ratios, spread); no timed test.
      { test: { name: 'bench', root: 'bench', include: ['test/**/*.test.ts'] } },
      // The repository scripts (what `npm start` rebuilds).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: serverIsolated,
          // A ceiling on waiting, not a timing assertion: on a 2-core machine twice as slow as usual, with the end-to-end
          // run beside it, starting three instances or 400 GraphQL documents took over 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file still builds its own app on its own fresh database; files run in parallel across workers.
          pool: 'forks',
          // Files share a worker's module graph instead of importing the whole server again each (that import was
          // a third of the suite's CPU). Module-level state of the server is keyed by database or is pure; the
          // files in serverIsolated are those that meet the one that is not (see there).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          root: 'apps/server',
          include: serverIsolated,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
