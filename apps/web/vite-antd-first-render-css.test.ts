// @vitest-environment node
import { expect, test } from 'vitest';

import { extractFirstRenderCss } from './vite-antd-first-render-css.ts';

/**
 * The stylesheet the build puts in the work lists' chunk (antd wrote its styles at run time for 150–190 ms
 * of the desktop to-do's first render). Whether the browser then skips that work is checked end to end
 * (e2e/tests/matters-5000.spec.ts).
 */
test("antd's first-render styles are extracted with production class names, in a layer, with the map cssinjs reads", () => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const css = extractFirstRenderCss();
    expect(css.startsWith('@layer antd-first-render {')).toBe(true);
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)"/.exec(css)?.[1] ?? '';
    for (const style of [
      'Table-Table',
      'Pagination-Pagination',
      'Checkbox-Checkbox',
      'Button-Button',
      'Dropdown-Dropdown',
      'Input-Component',
      'Input-Search',
      'Tag-Tag',
      'Tooltip-Tooltip',
      'Typography-Typography',
    ]) {
      expect(map, style).toContain(`|${style}|`);
    }
    expect(css).toContain('.ant-table-thead');
    expect(css).not.toContain('css-dev-only');
  } finally {
    process.env.NODE_ENV = before;
  }
  // Loading antd's CommonJS build and rendering takes seconds on a loaded machine: a ceiling, not a timing.
}, 60_000);
