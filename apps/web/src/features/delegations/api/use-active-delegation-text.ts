import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useProfile } from '../../../lib/auth/profile.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { activeDelegation } from './active-delegation.ts';
import { useEntrustees } from './get-entrustees.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** "Your delegation to X is active until …" while one of my delegations is in force; null otherwise. */
export function useActiveDelegationText(): string | null {
  const { t } = useTranslation('delegations');
  const given = useEntrustees(useProfile().data?.account);
  // Re-render every minute so a window that opens or ends shows without other changes; the time itself is read
  // at render, so a delegation created a moment ago (starting "now") shows at once.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  const active = activeDelegation(given.data ?? [], nowSeconds());
  if (!active) return null;
  return t('banner', {
    name: active.entrustee.name,
    app: active.app?.name ?? t('allApps'),
    until: formatDate(active.to, true),
  });
}
