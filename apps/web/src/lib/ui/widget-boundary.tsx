import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';

function WidgetError({ resetErrorBoundary }: { resetErrorBoundary: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="widget-error" style={{ padding: 12, color: 'rgba(0,0,0,0.65)' }}>
      {t('routeError.widget')}{' '}
      <button
        type="button"
        onClick={resetErrorBoundary}
        style={{ background: 'none', border: 0, color: 'var(--sh-primary, #1456d9)', cursor: 'pointer', padding: 0 }}
      >
        {t('retry')}
      </button>
    </div>
  );
}

/** One section of a page: if it throws, only this section shows a note with a retry; the rest of the page stays. */
export function WidgetBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={WidgetError} onError={(error) => console.error('[widget]', error)}>
      {children}
    </ErrorBoundary>
  );
}
