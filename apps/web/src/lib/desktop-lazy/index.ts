// antd parts that most first screens never show (errors, notices): loaded when they are first rendered.
import { lazy } from 'react';

/** antd's Alert with its icons and motion (3 KB gzipped), for error states and rare notices. */
export const LazyAlert = lazy(() => import('./antd-alert.ts'));
