import { getTargetScrollBarSize as measure } from '@rc-component/util';

export * from '@rc-component/util';

/**
 * Stands in for @rc-component/util's getTargetScrollBarSize inside @rc-component/table (vite.config.ts). The table
 * calls it on every mount, and it inserts a stylesheet, forces a layout and removes the stylesheet: ~85 ms of the
 * desktop to-do's first render, plus a second render of the table with the size it found. The size is
 * only read by tables whose header is fixed (`scroll.y`, the `-fixed-header` class on the table), so only those
 * measure; every other table gets 0, which it never reads.
 */
export function getTargetScrollBarSize(target?: HTMLElement | null): { width: number; height: number } {
  return target?.closest('[class*="-fixed-header"]') ? measure(target) : { width: 0, height: 0 };
}
