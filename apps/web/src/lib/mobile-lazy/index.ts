// antd-mobile parts that bring react-spring, @use-gesture or large illustrations (≈ 40 KB gzipped together) and are
// not needed to paint a first screen: loaded on first use. Each is re-exported by name so the chunk stays small.
import type { ToastShowProps } from 'antd-mobile';
import { lazy } from 'react';

/** Toast.show, loaded on first use (a toast follows an action, never the first paint). */
export function showToast(props: ToastShowProps): void {
  void import('./antd-mobile-toast.ts').then(({ Toast }) => Toast.show(props));
}

/** antd-mobile's ActionSheet, for a menu that is rendered once it is first opened. */
export const LazyActionSheet = lazy(() => import('./antd-mobile-action-sheet.ts'));

/** antd-mobile's ErrorBlock (its SVG illustrations are 10 KB), for error and empty states. */
export const LazyErrorBlock = lazy(() => import('./antd-mobile-error-block.ts'));

/** antd-mobile's NoticeBar (with its icons and hooks, 6 KB), for notices that most screens never show. */
export const LazyNoticeBar = lazy(() => import('./antd-mobile-notice-bar.ts'));
