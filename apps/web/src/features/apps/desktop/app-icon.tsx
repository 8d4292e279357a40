import type { App } from '@service-hall/contracts';

import { findGlyph, Glyph } from '../common/app-glyph.tsx';
import { isImageIcon, tileColor, tileLetter } from '../logic/palette.ts';

/** Square coloured tile with the app's icon, image or first character. */
export function AppIcon({ app, size = 44 }: { app: App; size?: number }) {
  const bg = tileColor(app.palette, app.code);
  const style = { width: size, height: size, borderRadius: size / 4, background: bg, fontSize: size * 0.5 };
  if (isImageIcon(app.icon)) {
    return (
      <img
        src={app.icon}
        alt=""
        className="sh-app-icon"
        style={{ ...style, background: '#fff', objectFit: 'contain' }}
      />
    );
  }
  const glyph = findGlyph(app.icon);
  return (
    <span className="sh-app-icon" style={style} aria-hidden>
      {glyph ? <Glyph glyph={glyph} /> : <span style={{ fontSize: size * 0.42 }}>{tileLetter(app)}</span>}
    </span>
  );
}
