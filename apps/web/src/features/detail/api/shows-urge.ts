import type { ProcessDetail } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';

/** True when the viewer is the applicant of a running process that can be, or recently was, urged (催办). */
export function useShowsUrge(process: ProcessDetail | undefined): boolean {
  const me = useProfile();
  if (!process) return false;
  // The applicant sees it, disabled with the time of the last urge while it is too soon.
  return (
    process.canUrge || (process.status === 'doing' && process.urges.length > 0 && me.data?.id === process.owner.id)
  );
}
