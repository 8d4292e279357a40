import type { App } from '@service-hall/contracts';

import { applyPath } from '../routing/paths.ts';
import { recordAppUse } from './top-apps.ts';

/** Opens an app: built-in ones in our apply page, external ones in a new tab; counts the use. */
export function openApp(app: App, navigate: (to: string) => void, email?: string): void {
  recordAppUse(email, app.code);
  if (app.builtin || !app.uri || /\/workflow\/apply/.test(app.uri)) {
    navigate(applyPath(app.code));
    return;
  }
  window.open(app.uri, '_blank', 'noopener,noreferrer');
}
