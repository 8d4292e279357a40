import { Suspense } from 'react';

import { LazyNoticeBar } from '../../../lib/mobile-lazy/index.ts';
import { useActiveDelegationText } from '../api/use-active-delegation-text.ts';

/** Mobile bar while one of my delegations is in force (the bar's code loads only then). */
export function ActiveDelegationNotice() {
  const text = useActiveDelegationText();
  return text ? (
    <Suspense>
      <LazyNoticeBar color="info" wrap data-testid="delegation-banner" content={text} />
    </Suspense>
  ) : null;
}
