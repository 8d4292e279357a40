import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip/UniqueProvider inside ConfigProvider (vite.config.ts): ConfigProvider renders it
 * only with `tooltip={{ unique: true }}`, which this app never sets, but imports it statically, and with it
 * @rc-component/trigger (≈ 9 KB gzipped) into every desktop first load. Tooltips, popovers and selects still
 * import the trigger themselves when their chunk loads.
 */
export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return children;
}
