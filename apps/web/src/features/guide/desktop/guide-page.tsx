import { useTranslation } from 'react-i18next';

/** Placeholder: the My-matters engineer replaces this page. */
export default function Page() {
  const { t } = useTranslation();
  return (
    <section className="sh-page" data-testid="page-guide">
      <h2 className="sh-section-title">{t('nav.search')}</h2>
      <p>{t('placeholder')}</p>
    </section>
  );
}
