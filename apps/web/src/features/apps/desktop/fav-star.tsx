import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

import type { App } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { IdleTooltip } from '../../../lib/desktop-lazy/index.ts';
import { errorText } from '../../../lib/http/api-error.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';

/** Star toggling a favourite; 已收藏 / 已取消收藏, or the server's error text (docs/product.md §8). */
export function FavStar({ app, active }: { app: App; active: boolean }) {
  const { t } = useTranslation('apps');
  const { message } = useAppMessage();
  const toggle = useToggleFavorite({
    onSuccess: ({ add }) => void message.success(add ? t('favorited') : t('unfavorited')),
    onError: (err) => void message.error(errorText(err)),
  });
  const onClick = (e: React.MouseEvent) => {
    e.stopPropagation();
    toggle.mutate({ appId: app.id, add: !active });
  };
  return (
    <IdleTooltip title={active ? t('removeFavorite') : t('addFavorite')}>
      <button
        type="button"
        className={`sh-fav ${active ? 'is-active' : ''}`}
        data-testid={`fav-${app.code}`}
        data-active={active ? 'true' : 'false'}
        aria-pressed={active}
        aria-label={active ? t('removeFavorite') : t('addFavorite')}
        onClick={onClick}
        disabled={toggle.isPending}
      >
        {active ? <StarFilled /> : <StarOutlined />}
      </button>
    </IdleTooltip>
  );
}
