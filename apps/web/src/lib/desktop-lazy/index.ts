// antd parts that most first screens never show (errors, notices): loaded when they are first rendered.
import { createElement, lazy, useEffect, useState, type ReactElement, type ReactNode } from 'react';

import { waitForOnline } from '../routing/chunk-recovery.ts';
import { whenIdle } from '../ui/when-idle.ts';

/** antd's Alert with its icons and motion (3 KB gzipped), for error states and rare notices. */
export const LazyAlert = lazy(() => import('./antd-alert.ts'));

/** antd's simple Empty (4.5 KB raw): home-page sections load it only when they have nothing to show. */
export const LazySimpleEmpty = lazy(() => import('./antd-empty.tsx'));

/** An error Alert with a "Retry" button (antd's Alert and Button), for a first screen's failed request. */
export const LazyErrorAlert = lazy(() => import('./antd-error-alert.tsx'));

type TooltipType = typeof import('antd').Tooltip;
let tooltip: TooltipType | null = null;
let loadingTooltip: Promise<TooltipType> | null = null;
// A failed download (offline) is forgotten, so the next attempt fetches again.
const loadTooltip = () =>
  (loadingTooltip ??= import('./antd-tooltip.ts').then(
    (m) => (tooltip = m.default),
    (error) => {
      loadingTooltip = null;
      throw error;
    },
  ));

/**
 * antd's Tooltip once the browser is idle after the first paint (Tooltip and its motion code are 5 KB compressed):
 * until then the child is drawn alone — it carries its own aria-label, the tooltip only repeats it on hover.
 */
export function IdleTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<TooltipType | null>(() => tooltip);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    // Offline: no tooltip for now (the button works without it); try again once the browser is back online.
    const load = () =>
      void loadTooltip().then(
        (t) => live && setTooltip(() => t),
        () => void waitForOnline().then(() => live && setAttempt((n) => n + 1)),
      );
    const cancel = whenIdle(load, 2000);
    return () => {
      live = false;
      cancel();
    };
  }, [Tooltip, attempt]);
  return Tooltip ? createElement(Tooltip, { title }, children) : children;
}
