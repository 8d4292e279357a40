import { Suspense } from 'react';

import { LazyAlert } from '../../../lib/desktop-lazy/index.ts';
import { useActiveDelegationText } from '../api/use-active-delegation-text.ts';

/** Desktop notice while one of my delegations is in force (its code loads only then); nothing otherwise. */
export function ActiveDelegationBanner() {
  const text = useActiveDelegationText();
  return text ? (
    <Suspense>
      <LazyAlert type="info" showIcon style={{ marginBottom: 12 }} data-testid="delegation-banner" message={text} />
    </Suspense>
  ) : null;
}
