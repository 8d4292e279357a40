import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A console page: its one h1, actions beside it, the tab title "page · console · product". */
export function ConsolePage({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('nav.console')} · ${t('appName')}`;
  }, [title, t]);
  return (
    <section className="sh-console-page" data-testid={testId}>
      <div className="sh-console-page-head">
        <h1 className="sh-console-title" data-testid="page-title">
          {title}
        </h1>
        {extra && <div className="sh-console-actions">{extra}</div>}
      </div>
      {children}
    </section>
  );
}
