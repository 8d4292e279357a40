import type { GuideStepApp } from '@service-hall/contracts';
import { applyPath } from '../../../lib/paths.ts';

/** Where a guide step's app opens: its own URL when external, else our apply page. */
export function stepAppTarget(a: GuideStepApp): { internal: boolean; to: string } {
  const url = a.appUrl?.trim();
  if (url && /^https?:\/\//.test(url)) return { internal: false, to: url };
  return { internal: true, to: applyPath(a.appCode) };
}
