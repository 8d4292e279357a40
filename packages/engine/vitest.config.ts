import { defineConfig } from 'vitest/config';

// Lets `npx vitest run --root packages/engine` run on its own; the root config's `engine` project mirrors it.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'] },
});
