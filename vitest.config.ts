import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in this many worker processes at once. Vitest's default is one fewer than the cores, which is a
 * single worker on the 2-core CI machine: the API files then ran one after another (17.8 min), each waiting on
 * PostgreSQL, child processes and timers for part of its time. One worker per core (at least two) keeps both cores
 * busy; docs/decisions.md "Test suite time" has the measurements. TEST_WORKERS overrides it.
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
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // API tests share one database file per worker; files run in parallel across workers.
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
