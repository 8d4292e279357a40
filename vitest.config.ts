import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in this many worker processes at once. Vitest's default is one fewer than the cores, which is a
 * single worker on the 2-core CI machine: the API files then ran one after another (17.8 min), each waiting on
 * PostgreSQL, child processes and timers for part of its time. One worker per core (at least two) keeps both cores
 * busy; docs/adr/0023-test-suite-time-within-the-ci-budget.md has the measurements. TEST_WORKERS overrides it.
 */
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism());

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
          // A ceiling on waiting, not a timing assertion: on a 2-core machine twice as slow as usual, with the end-to-end
          // run beside it, starting three instances or 400 GraphQL documents took over 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file still builds its own app on its own fresh database; files run in parallel across workers.
          pool: 'forks',
          // Files share a worker's module graph instead of importing the whole server again each (that import was
          // a third of the suite's CPU). That is safe because module-level state of the server is pure or keyed by
          // database (the parsed-definition cache) and messages are one catalogue listed by name (i18n/catalogue.ts).
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
