import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { App } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { openApp } from '../../../lib/domain/open-app.ts';
import { firstTag } from '../logic/filter-apps.ts';
import { AppIcon } from './app-icon.tsx';
import { FavStar } from './fav-star.tsx';
import { StarRating } from './star-rating.tsx';

/** One catalogue card: icon, name, department, rating, completed count and the favourite star. */
export function AppCard({ app, favorite, compact = false }: { app: App; favorite: boolean; compact?: boolean }) {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const profile = useProfile();
  const open = () => openApp(app, navigate, profile.data?.email);
  return (
    <div
      className={`sh-app-card ${compact ? 'is-compact' : ''}`}
      data-testid={`app-card-${app.code}`}
      role="link"
      tabIndex={0}
      onClick={open}
      onKeyDown={(e) => e.key === 'Enter' && open()}
      title={app.description || app.name}
    >
      <AppIcon app={app} size={compact ? 40 : 48} />
      <div className="sh-app-body">
        {/* The external-link mark is inline after the last word, so it follows a name that wraps. */}
        <div className="sh-app-name">
          <span>
            {app.name}
            {!app.builtin && app.uri && (
              <>
                {'\u00a0'}
                <ExportOutlined className="sh-app-ext" aria-label={t('external')} />
              </>
            )}
          </span>
        </div>
        <div className="sh-app-dept">{app.department}</div>
        {!compact && (
          <div className="sh-app-meta">
            <StarRating value={app.rating ?? 0} label={(value) => t('rating', { value })} />
            <span>{t('completed', { count: app.processCounters?.completed ?? 0 })}</span>
            {firstTag(app) && <span className="sh-app-tag">{firstTag(app)}</span>}
          </div>
        )}
      </div>
      <FavStar app={app} active={favorite} />
    </div>
  );
}
