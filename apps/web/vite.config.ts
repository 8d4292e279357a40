import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

import { antdFirstRenderCss } from './vite-antd-first-render-css.ts';
import { pageChunks, PLANNING } from './vite-page-chunks.ts';

const backend = 'http://localhost:8080';
const proxied = ['/api', '/manage', '/graphql', '/bus', '/oidc', '/static', '/config.json'];

// In production the server replaces <!--base-href--> with <base href="BASE_PATH">; the dev server does the same
// for '/' so deep links such as /workflow/index still resolve config.json and assets from the root.
const devBaseHref: Plugin = {
  name: 'dev-base-href',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace('<!--base-href-->', '<base href="/">'),
};

// antd's ConfigProvider imports tooltip/UniqueProvider (and @rc-component/trigger with it) for `tooltip.unique`,
// which the app never sets: that import gets a stub that renders its children (src/lib/build-shims/antd-tooltip-unique-stub.ts).
// A ConfigProvider given `tooltip={{ unique: true }}` would lose the shared tooltip — do not set it without removing this.
// The table's scrollbar measurement, which only fixed-header tables read, runs only for them
// (src/lib/build-shims/rc-table-scrollbar-size.ts).
const antdStubs: Plugin = {
  name: 'antd-stubs',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === '../tooltip/UniqueProvider' &&
      importer &&
      /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)
    ) {
      return fileURLToPath(new URL('./src/lib/build-shims/antd-tooltip-unique-stub.ts', import.meta.url));
    }
    if (
      source === '@rc-component/util' &&
      importer &&
      /[\\/]@rc-component[\\/]table[\\/]es[\\/]Table\.js$/.test(importer)
    ) {
      return fileURLToPath(new URL('./src/lib/build-shims/rc-table-scrollbar-size.ts', import.meta.url));
    }
    return null;
  },
};

// The phone build (`vite build --mode phone`, run by `npm run build` after the main build): phone.html and its chunks,
// rendered by Preact's compat layer instead of react-dom, added to dist/ beside the main build. The server sends
// phone.html to the browsers that the layout rule (src/lib/config/device.ts) calls phones; index.html (React 19, both
// layouts) to the rest. docs/adr/0035-the-phone-on-preact-a-phone-only-build-served-by-user-agent.md.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The phone build's page is index.html itself, written out as phone.html (one source for both pages).
const phonePage: Plugin = {
  name: 'phone-page',
  enforce: 'post',
  apply: (_config, env) => env.command === 'build' && env.mode === 'phone',
  generateBundle(_options, bundle) {
    const page = bundle['index.html'];
    if (!page) throw new Error('phone build: index.html missing from the bundle');
    page.fileName = 'phone.html';
  },
};

const web = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// What desktop pages load once the browser is idle or on first use (lib/desktop-lazy, layouts/desktop/desktop-app.tsx):
// the home page's empty state or a tooltip must not bring a whole page chunk.
export const desktopLaterLoads = [
  ...['antd-tooltip.ts', 'antd-message.tsx', 'antd-empty.tsx', 'antd-alert.ts', 'antd-error-alert.tsx'].map(
    (f) => `src/lib/desktop-lazy/${f}`,
  ),
  'src/layouts/desktop/dayjs-locale.ts',
];
// What phone pages load on first use (lib/mobile-lazy): a toast or an action sheet must not bring a whole page chunk.
export const mobileLaterLoads = ['toast', 'action-sheet', 'error-block', 'notice-bar'].map(
  (p) => `src/lib/mobile-lazy/antd-mobile-${p}.ts`,
);
const desktopHome = ['src/features/apps/desktop/index-page.tsx', 'src/features/apps/desktop/home-page.tsx'];
const desktopWorkLists = [
  'src/features/todo/desktop/todo-page.tsx',
  ...['doing', 'done', 'cc'].map((p) => `src/features/processes/desktop/${p}-page.tsx`),
];
const phoneWorkLists = [
  'src/features/todo/mobile/todo-page.tsx',
  ...['doing', 'done', 'cc'].map((p) => `src/features/processes/mobile/${p}-page.tsx`),
];
const mobilePages = ['home', 'all-apps-public', 'index', 'all-apps', 'favorite'].map(
  (p) => `src/features/apps/mobile/${p}-page.tsx`,
);

// The main build's chunks, planned from the bundler's own split (vite-page-chunks.ts). What the entry imports becomes
// one chunk (every page loads all of it first); the phone's layout and pages and the desktop's home pages keep their
// split (their first loads are budgets); the desktop layout's code becomes one chunk, and so does the code only the
// work lists need; what the work lists share with other parts of the build is merged where every page that loads it
// needs all of it. The desktop to-do went from 110 files to 44, then 22; the desktop home from 62 to 37, then 28.
const mainChunks = pageChunks({
  configFile: web('./vite.config.ts'),
  root: web('.'),
  entryShared: 'entry-shared',
  chunks: [
    // The small modules the desktop layout and the work lists share with this build's phone layout (icons, the shell's
    // snapshot, live refresh, time, storage): one chunk, which the desktop layout needs nearly all of.
    {
      name: 'layouts-common',
      roots: ['src/layouts/desktop/desktop-app.tsx', ...desktopWorkLists],
      sharedWith: [['src/layouts/mobile/mobile-app.tsx', ...mobilePages]],
    },
    { name: null, roots: ['src/layouts/mobile/mobile-app.tsx', ...mobilePages] },
    { name: 'desktop-shell', roots: ['src/layouts/desktop/desktop-app.tsx'] },
    // A page's data module (app/route-data.ts) is requested at boot and fetches before the page's code arrives: a chunk
    // of its own, or its import would wait for the whole page chunk and the request with it.
    { name: 'route-data-todo', roots: ['src/app/prefetch-todo.ts'] },
    // What both home pages and the work lists need (antd's small shared helpers): one chunk, which none of them gains a
    // byte from. The rest of the home pages' code keeps its split (their first load is a budget), taken before the next
    // step, which must not give a home page a chunk it needs only part of.
    { name: 'desktop-common', roots: desktopWorkLists, sharedWith: desktopHome.map((page) => [page]) },
    { name: null, roots: desktopHome },
    // antd's parts the work lists share with what loads once idle (button, tooltip, empty state, locale, motion: ~20
    // small chunks): one chunk. The home page's idle load needs nearly all of it anyway.
    { name: 'work-lists-antd', roots: desktopWorkLists, sharedWith: [desktopLaterLoads] },
    // What desktop pages load once idle or on first use (antd's tooltip, message, empty state and alerts, the date
    // pickers' locale): merged into the work lists, the home page's idle load became that whole chunk (46 → 184 KB).
    { name: null, roots: desktopLaterLoads },
    { name: 'work-lists', roots: desktopWorkLists },
  ],
});

// The phone build's chunks, planned the same way. Every phone page needs all of the entry's and the phone layout's
// code, so each becomes one chunk without adding a byte to any page; the home pages keep their split (the 120 KB
// budget) and so do first-use loads; the code only the phone's work lists need becomes one chunk. The phone home went
// from 46 files to 19 (112.5 → 102.3 KB brotli: fewer files compress better), the phone to-do from 89 to 41. The
// to-do's data module is taken first: it must not wait for the layout's chunk either.
const phoneChunks = pageChunks({
  configFile: web('./vite.config.ts'),
  root: web('.'),
  entryShared: 'entry-shared',
  chunks: [
    { name: null, roots: ['src/app/prefetch-todo.ts'] },
    { name: 'phone-shell', roots: ['src/layouts/mobile/mobile-app.tsx'] },
    // Unlike the desktop's, the phone's first-use loads stay apart from the work lists: phones load them on first use,
    // not when idle, and the chunk the lists share with them (popups, masks) would make a home page's first toast
    // fetch 42 KB instead of a few.
    { name: null, roots: mobileLaterLoads },
    { name: null, roots: mobilePages },
    { name: 'phone-work-lists', roots: phoneWorkLists },
  ],
});

// base './' keeps asset URLs relative: the server injects <base href="BASE_PATH"> so one build serves any base path.
export default defineConfig(({ mode }) => ({
  base: './',
  plugins: [
    react(),
    devBaseHref,
    antdStubs,
    antdFirstRenderCss(),
    phonePage,
    mode === 'phone' ? phoneChunks : mainChunks,
    // .br and .gz beside every script, stylesheet and image over 1 KB, at the highest levels (paid once, at build
    // time); the server sends them to browsers that accept them (platform/spa-routes.ts). index.html is left out:
    // the server rewrites it per BASE_PATH and compresses it when sending.
    ...(process.env[PLANNING]
      ? []
      : [
          compression({
            include: /\.(js|mjs|css|svg|json|txt|webmanifest)$/,
            threshold: 1024,
            skipIfLargerOrEqual: true,
            algorithms: [
              defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              defineAlgorithm('gzip', { level: 9 }),
            ],
          }),
        ]),
  ],
  resolve: {
    // npm hoisted a React 18 (a peer of some dependency) to the root; make every package use our React 19.
    dedupe: ['react', 'react-dom'],
    alias: mode === 'phone' ? preactAliases : [],
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    ...(mode === 'phone' ? { emptyOutDir: false, copyPublicDir: false } : { emptyOutDir: true }),
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])),
  },
}));
