import './a11y.css';

import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'main';

/**
 * First stop of the Tab key: jumps past the header to the page. Focus is moved by script so the address keeps no
 * "#main" (the router owns the URL).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="sh-skip-link"
      href={`#${MAIN_ID}`}
      data-testid="skip-link"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
