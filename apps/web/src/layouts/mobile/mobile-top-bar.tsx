import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The phone's title bar: an optional back button, the page title, the "me" menu. antd-mobile's NavBar marks its
 * left area role=button even without a back arrow and puts the click on a non-focusable div, so the keyboard
 * could not go back and screen readers announced a nameless button.
 */
export function MobileTopBar({ title, onBack, right }: { title: string; onBack?: () => void; right: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="shm-navbar">
      <div className="shm-navbar-side">
        {onBack && (
          <button
            type="button"
            className="shm-navbar-back"
            data-testid="mobile-back"
            aria-label={t('back')}
            onClick={onBack}
          >
            <span aria-hidden>‹</span>
          </button>
        )}
      </div>
      <div className="shm-navbar-title">{title}</div>
      <div className="shm-navbar-side shm-navbar-right">{right}</div>
    </div>
  );
}
