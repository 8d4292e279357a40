import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

import { useCatalogue } from '../api/use-catalogue.ts';
import { AppCard } from './app-card.tsx';

import '../apps.css';

/** /workflow/favorite: the user's favourite apps. */
export default function FavoritePage() {
  const { t } = useTranslation('apps');
  const cat = useCatalogue();
  const favs = cat.apps.filter((a) => cat.favorites.has(a.id));
  return (
    <section className="sh-page" data-testid="page-favorite">
      <h2 className="sh-section-title">{t('favorites')}</h2>
      {cat.isLoading ? (
        <Skeleton active />
      ) : favs.length === 0 ? (
        <Empty description={t('noFavorites')} data-testid="favorites-empty" />
      ) : (
        <div className="sh-grid-3">
          {favs.map((a) => (
            <AppCard key={a.id} app={a} favorite />
          ))}
        </div>
      )}
    </section>
  );
}
