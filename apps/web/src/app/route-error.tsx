import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { isChunkLoadError, reloadWhenReachable } from '../lib/routing/chunk-recovery.ts';
import { PATHS } from '../lib/routing/paths.ts';

// The page's theme is not known here (antd and antd-mobile both may be absent): plain, accessible colours.
const BUTTON = {
  padding: '8px 16px',
  borderRadius: 6,
  border: '1px solid #1456d9',
  background: '#1456d9',
  color: '#fff',
  fontSize: 14,
  cursor: 'pointer',
  textDecoration: 'none',
} as const;

/**
 * A route's error boundary, inside the layout's chrome (header or tab bar stay): a translated message and ways
 * out, instead of a blank page. A chunk that failed to load gets one reload, once the server answers. Going to another address clears
 * it (the declarative router has no errorElement: docs/adr/0029-route-descriptors-for-the-browser-declarative-router.md).
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} fallbackRender={({ error }) => <RouteError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

/** What a route's boundary shows. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) void reloadWhenReachable();
  }, [chunk]);
  useEffect(() => console.error('[route]', error), [error]);
  return (
    <div role="alert" data-testid="route-error" style={{ padding: '48px 16px', textAlign: 'center' }}>
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{chunk ? t('routeError.chunkTitle') : t('routeError.title')}</h2>
      <p style={{ color: 'rgba(0,0,0,0.65)', margin: '0 0 16px' }}>
        {chunk ? t('routeError.chunkText') : t('routeError.text')}
      </p>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <button type="button" style={BUTTON} onClick={() => window.location.reload()} data-testid="route-error-reload">
          {t('routeError.reload')}
        </button>
        <Link to={PATHS.apps} style={{ ...BUTTON, background: '#fff', color: '#1456d9' }}>
          {t('routeError.home')}
        </Link>
      </div>
    </div>
  );
}
