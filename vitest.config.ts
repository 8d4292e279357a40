import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace. End-to-end tests live in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', root: 'packages/engine', include: ['test/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['test/**/*.test.ts'] } },
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
