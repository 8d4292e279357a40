import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../../lib/http/api-error.ts';
import { useCatalogue } from '../api/use-catalogue.ts';
import { Catalogue } from './catalogue.tsx';

import '../apps.css';

/** /workflow/appall: the full catalogue with the same filters. */
export default function AllAppsPage() {
  const { t } = useTranslation('apps');
  const cat = useCatalogue();
  return (
    <section className="sh-page" data-testid="page-appall">
      <h2 className="sh-section-title">{t('allApps')}</h2>
      {cat.error ? (
        <Alert type="error" showIcon message={errorText(cat.error)} />
      ) : (
        <Catalogue apps={cat.apps} favorites={cat.favorites} loading={cat.isLoading} />
      )}
    </section>
  );
}
