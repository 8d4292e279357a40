import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

import { antdTheme } from './src/layouts/desktop/antd-theme.ts';
import { DEFAULT_PRIMARY } from './src/lib/config/default-primary.ts';
import { PLANNING } from './vite-page-chunks.ts';

/**
 * antd's styles for the first render of a desktop work list (to-do, doing, done, copied to me), extracted at build
 * time. antd writes every component's CSS at run time (@ant-design/cssinjs): on the 5,000-task to-do that was
 * 150–190 ms of the 400 ms first render (lcp-probe --profile on a --minify false build). cssinjs skips that
 * work for the styles a stylesheet already declares in its cache-path map (its documented "extract to a CSS file"
 * mode), so the lists' chunk carries this stylesheet and the first render only looks the styles up.
 *
 * What keeps it safe:
 * - cssinjs reads the map once, at the first antd render of the page. A page opened on the home page reads no map
 *   (the lists' stylesheet is not loaded yet) and writes its styles at run time as before; a list opened first reads
 *   it with the stylesheet already applied (Vite loads a chunk's CSS before running it). The stylesheet is never
 *   removed, so a mapped style is always there.
 * - The paths carry the theme's hash: an institution whose template sets another colour gets no match, and antd
 *   writes its styles at run time as before.
 * - The rules sit in a cascade layer, below every unlayered rule: the app's CSS overrides them whatever the order of
 *   the <link>s, as it overrides the styles antd prepends at run time.
 *
 * The components are those a list page renders at first: the header (dropdown, search input, popover, typography,
 * buttons) and the table (selection, pagination, tags, tooltips, empty and loading states).
 */
const ANTD_FIRST_RENDER_CSS = 'virtual:antd-first-render.css';
const RESOLVED = '\0antd-first-render.css';

/** The extracted stylesheet: production class names (`css-<hash>`), as the build's own antd computes them. */
export function extractFirstRenderCss(): string {
  // antd, its cssinjs and the React they resolve (the root's), so every hook shares one React.
  const fromAntd = createRequire(createRequire(import.meta.url).resolve('antd'));
  const React = fromAntd('react') as typeof import('react');
  const { renderToString } = fromAntd('react-dom/server') as typeof import('react-dom/server');
  const antd = fromAntd('antd') as typeof import('antd');
  const { createCache, extractStyle, StyleProvider } = fromAntd(
    '@ant-design/cssinjs',
  ) as typeof import('@ant-design/cssinjs');
  const zhCN = (fromAntd('antd/lib/locale/zh_CN') as { default: import('antd/es/locale').Locale }).default;
  const {
    Badge,
    Button,
    Card,
    Checkbox,
    ConfigProvider,
    Dropdown,
    Empty,
    Input,
    Pagination,
    Popover,
    Space,
    Spin,
    Table,
    Tag,
    Tooltip,
    Typography,
  } = antd;
  const h = React.createElement;
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        ConfigProvider,
        { locale: zhCN, theme: antdTheme(DEFAULT_PRIMARY) },
        h(Badge, { count: 1 }, h('span', null, 'b')),
        h(Button, { type: 'primary' }, 'b'),
        h(Space.Compact, null, h(Button, null, 'b'), h(Button, null, 'b')),
        h(Card, { title: 'c' }, 'c'),
        h(Checkbox, null, 'c'),
        h(Dropdown, { menu: { items: [] } }, h('span', null, 'd')),
        h(Empty),
        h(Input),
        h(Input.Search),
        h(Pagination, { total: 50 }),
        h(Popover, { content: 'p' }, h('span', null, 'p')),
        h(Space, null, 's'),
        h(Spin),
        h(Table, {
          rowKey: 'id',
          dataSource: [{ id: 1 }],
          columns: [{ title: 't', dataIndex: 'id' }],
          rowSelection: {},
          pagination: { total: 20 },
        }),
        h(Tag, null, 't'),
        h(Tooltip, { title: 't' }, h('span', null, 't')),
        h(Typography.Text, null, 't'),
        h(Typography.Title, null, 't'),
      ),
    ),
  );
  const css = extractStyle(cache, { plain: true, types: ['style'] });
  if (css.includes('css-dev-only'))
    throw new Error('antd first-render CSS: extracted with development class names (NODE_ENV is not production)');
  if (!css.includes('Table-Table'))
    throw new Error("antd first-render CSS: the table's styles are missing from the extract");
  return `@layer antd-first-render {\n${css}\n}\n`;
}

/**
 * `import 'virtual:antd-first-render.css'`: the extract in a build, nothing under the dev server and in tests (their
 * class names are antd's development ones, which the extract could not match), nor in the chunk plan's unwritten
 * first pass of the same build (vite-page-chunks.ts), which reads chunks, not their CSS.
 */
export function antdFirstRenderCss(): Plugin {
  let build = false;
  return {
    name: 'antd-first-render-css',
    configResolved(config) {
      build = config.command === 'build' && config.isProduction && !process.env[PLANNING];
    },
    resolveId: (id) => (id === ANTD_FIRST_RENDER_CSS ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? (build ? extractFirstRenderCss() : '') : null),
  };
}
