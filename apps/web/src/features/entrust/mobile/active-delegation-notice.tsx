import { NoticeBar } from 'antd-mobile';
import { useActiveDelegationText } from '../api/use-active-delegation-text.ts';

/** Mobile bar while one of my delegations is in force. */
export function ActiveDelegationNotice() {
  const text = useActiveDelegationText();
  return text ? <NoticeBar color="info" wrap data-testid="delegation-banner" content={text} /> : null;
}
