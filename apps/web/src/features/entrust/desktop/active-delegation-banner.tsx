import { Alert } from 'antd';
import { useActiveDelegationText } from '../api/use-active-delegation-text.ts';

/** Desktop notice while one of my delegations is in force; nothing otherwise. */
export function ActiveDelegationBanner() {
  const text = useActiveDelegationText();
  return text ? <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="delegation-banner" message={text} /> : null;
}
