import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { App } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { openApp } from '../../../lib/domain/open-app.ts';
import { errorText } from '../../../lib/http/api-error.ts';
import { showToast } from '../../../lib/mobile-lazy/index.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { findGlyph, Glyph } from '../common/app-glyph.tsx';
import { isImageIcon, tileColor, tileLetter } from '../logic/palette.ts';

/** App tile (no antd on mobile): the app's image, its icon drawn as SVG, or its first character, on its colour. */
export function LetterIcon({ app, size = 40 }: { app: App; size?: number }) {
  const style = { width: size, height: size, borderRadius: size / 4, background: tileColor(app.palette, app.code) };
  if (isImageIcon(app.icon))
    return <img src={app.icon} alt="" className="shm-icon" style={{ ...style, background: '#fff' }} />;
  const glyph = findGlyph(app.icon);
  return (
    <span className="shm-icon" style={{ ...style, fontSize: glyph ? size * 0.55 : size * 0.45 }} aria-hidden>
      {glyph ? <Glyph glyph={glyph} /> : tileLetter(app)}
    </span>
  );
}

/** One app row: icon, name, department, completed count and a favourite star. */
export function AppRow({ app, favorite }: { app: App; favorite: boolean }) {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const profile = useProfile();
  const toggle = useToggleFavorite({
    onSuccess: ({ add }) => showToast({ icon: 'success', content: add ? t('favorited') : t('unfavorited') }),
    onError: (err) => showToast({ icon: 'fail', content: errorText(err) }),
  });
  const star = (e: React.MouseEvent) => {
    e.stopPropagation();
    toggle.mutate({ appId: app.id, add: !favorite });
  };
  return (
    <div
      className="shm-app-row"
      data-testid={`app-card-${app.code}`}
      role="link"
      tabIndex={0}
      onClick={() => openApp(app, navigate, profile.data?.email)}
    >
      <LetterIcon app={app} />
      <div className="shm-app-body">
        <div className="shm-app-name">{app.name}</div>
        <div className="shm-app-sub">
          {app.department} · {t('completed', { count: app.processCounters?.completed ?? 0 })}
        </div>
      </div>
      <button
        type="button"
        className={`shm-fav ${favorite ? 'is-active' : ''}`}
        data-testid={`fav-${app.code}`}
        data-active={favorite ? 'true' : 'false'}
        aria-pressed={favorite}
        aria-label={favorite ? t('removeFavorite') : t('addFavorite')}
        onClick={star}
        disabled={toggle.isPending}
      >
        {favorite ? <StarFill /> : <StarOutline />}
      </button>
    </div>
  );
}

/** Compact grid cell used for recommended and frequently used apps. */
export function AppCell({ app }: { app: App }) {
  const navigate = useNavigate();
  const profile = useProfile();
  return (
    <div
      className="shm-app-cell"
      data-testid={`app-cell-${app.code}`}
      role="link"
      tabIndex={0}
      onClick={() => openApp(app, navigate, profile.data?.email)}
    >
      <LetterIcon app={app} size={44} />
      <span className="shm-cell-name">{app.name}</span>
    </div>
  );
}
