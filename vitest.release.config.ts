import { defineConfig } from 'vitest/config';

// The release checks (`npm run test:release`, part of `npm test`): the release bundle installed and run like an
// operator would, and every documented way of starting the built server stopped with SIGTERM. They need the build
// and the bundle, which `npm run test:release` makes first, so they are not in the unit suite (vitest.config.ts).
export default defineConfig({
  test: {
    name: 'release',
    root: 'apps/server',
    include: ['release-test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 900_000,
    pool: 'forks',
  },
});
