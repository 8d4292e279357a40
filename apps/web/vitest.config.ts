import path from 'node:path';
import { defineProject } from 'vitest/config';

import { antdFirstRenderCss } from './vite-antd-first-render-css.ts';

// npm hoisted a React 18 (a peer of some dependency) to the repository root while this app uses React 19 from
// apps/web/node_modules. Libraries that render (Testing Library, react-router, react-i18next, antd…) are inlined so
// the aliases below give every one of them our React, as the Vite build does with resolve.dedupe.
const local = (p: string) => path.join(import.meta.dirname, 'node_modules', p);
const rootModules = path.join(import.meta.dirname, '..', '..', 'node_modules');

// Component and hook tests of the SPA, in jsdom. A test file that needs no DOM (pure logic) starts with
// `// @vitest-environment node`: setting up jsdom was most of such a file's time (docs/adr/0023-test-suite-time-within-the-ci-budget.md).
// A file whose imports touch the DOM (initI18n sets document's lang) stays in jsdom.
export default defineProject({
  // `virtual:antd-first-render.css` (the lists import it): empty outside a production build.
  plugins: [antdFirstRenderCss()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: local('react/index.js') },
      { find: /^react\/jsx-runtime$/, replacement: local('react/jsx-runtime.js') },
      { find: /^react\/jsx-dev-runtime$/, replacement: local('react/jsx-dev-runtime.js') },
      { find: /^react-dom$/, replacement: local('react-dom/index.js') },
      { find: /^react-dom\/client$/, replacement: local('react-dom/client.js') },
      { find: /^react-dom\/test-utils$/, replacement: local('react-dom/test-utils.js') },
      // Its CommonJS entry would `require` the root React 18; the ESM build goes through these aliases.
      { find: /^react-router$/, replacement: path.join(rootModules, 'react-router/dist/development/index.mjs') },
      {
        find: /^@testing-library\/react$/,
        replacement: path.join(rootModules, '@testing-library/react/dist/@testing-library/react.esm.js'),
      },
    ],
    dedupe: ['react', 'react-dom'],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'vite-page-chunks.test.ts', 'vite-antd-first-render-css.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    server: {
      deps: {
        inline: [
          /@testing-library/,
          /react-router/,
          /react-i18next/,
          /@tanstack\/react-query/,
          /antd/,
          /@ant-design/,
          /rc-/,
          /@rc-component/,
        ],
      },
    },
  },
});
