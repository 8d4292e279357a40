import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/profile.ts';
import { formatDate } from '../../../lib/time.ts';
import { activeDelegation } from '../api/active-delegation.ts';
import { useEntrustees } from '../api/get-entrustees.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** "Your delegation to X is active until …" while one of my delegations is in force; nothing otherwise. */
export function ActiveDelegationBanner() {
  const { t } = useTranslation('entrust');
  const given = useEntrustees(useProfile().data?.account);
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const active = activeDelegation(given.data ?? [], now);
  if (!active) return null;
  return (
    <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="delegation-banner"
      message={t('banner', { name: active.entrustee.name, app: active.app?.name ?? t('allApps'), until: formatDate(active.to, true) })} />
  );
}
