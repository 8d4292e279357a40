import type { GuideStepApp } from '@service-hall/contracts';

import { applyPath } from '../../../lib/routing/paths.ts';

/** Where a guide step's app opens: its own URL when external, else our apply page. */
export function stepAppTarget(a: GuideStepApp): { internal: boolean; to: string } {
  const url = a.appUrl?.trim();
  // An address of its own (absolute, or a path on this server such as the demo's /demo-external/…) opens as it is;
  // only an app that points at our apply page opens inside the portal.
  if (url && (/^https?:\/\//.test(url) || (url.startsWith('/') && !url.includes('/workflow/apply'))))
    return { internal: false, to: url };
  return { internal: true, to: applyPath(a.appCode) };
}
