// antd parts that most first screens never show (errors, notices): loaded when they are first rendered.
import { createElement, lazy, useEffect, useState, type ReactElement, type ReactNode } from 'react';

/** antd's Alert with its icons and motion (3 KB gzipped), for error states and rare notices. */
export const LazyAlert = lazy(() => import('./antd-alert.ts'));

type TooltipType = typeof import('antd').Tooltip;
let tooltip: TooltipType | null = null;
let loadingTooltip: Promise<TooltipType> | null = null;
const loadTooltip = () => (loadingTooltip ??= import('./antd-tooltip.ts').then((m) => (tooltip = m.default)));

/**
 * antd's Tooltip once the browser is idle after the first paint (Tooltip and its motion code are 5 KB compressed):
 * until then the child is drawn alone — it carries its own aria-label, the tooltip only repeats it on hover.
 */
export function IdleTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<TooltipType | null>(() => tooltip);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    const load = () => void loadTooltip().then((t) => live && setTooltip(() => t));
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 200);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [Tooltip]);
  return Tooltip ? createElement(Tooltip, { title }, children) : children;
}
