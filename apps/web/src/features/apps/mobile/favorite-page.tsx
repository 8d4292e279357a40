import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { useCatalogue } from '../api/use-catalogue.ts';
import { AppRow } from './app-tile.tsx';

import '../apps-mobile.css';

/** Mobile /workflow/favorite. */
export default function MobileFavoritePage() {
  const { t } = useTranslation('apps');
  const cat = useCatalogue();
  const favs = cat.apps.filter((a) => cat.favorites.has(a.id));
  return (
    <section className="shm-page" data-testid="page-favorite">
      {cat.isLoading ? (
        <Skeleton.Paragraph animated />
      ) : favs.length === 0 ? (
        <ErrorBlock status="empty" title={t('noFavorites')} description="" data-testid="favorites-empty" />
      ) : (
        favs.map((a) => <AppRow key={a.id} app={a} favorite />)
      )}
    </section>
  );
}
