import { expect, test, vi } from 'vitest';

import { getTargetScrollBarSize } from './rc-table-scrollbar-size.ts';

// The real measurement needs a browser's layout; a 15 px scrollbar stands in for it.
vi.mock('@rc-component/util', async (actual) => ({
  ...(await actual<typeof import('@rc-component/util')>()),
  getTargetScrollBarSize: () => ({ width: 15, height: 15 }),
}));

function tableBody(tableClass: string): HTMLElement {
  const table = document.createElement('div');
  table.className = `ant-table ${tableClass}`;
  const body = document.createElement('div');
  table.appendChild(document.createElement('div')).appendChild(body);
  document.body.appendChild(table);
  return body;
}

test('a table with a fixed header measures the scrollbar its header makes room for', () => {
  expect(getTargetScrollBarSize(tableBody('ant-table-fixed-header'))).toEqual({ width: 15, height: 15 });
});

test('any other table skips the measurement, whose size it never reads', () => {
  expect(getTargetScrollBarSize(tableBody('ant-table-middle'))).toEqual({ width: 0, height: 0 });
  expect(getTargetScrollBarSize(null)).toEqual({ width: 0, height: 0 });
});
