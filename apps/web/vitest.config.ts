import { defineProject } from 'vitest/config';

// Component and hook tests of the SPA, in jsdom.
export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
