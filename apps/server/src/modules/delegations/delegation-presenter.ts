import type { Delegation } from '@service-hall/contracts';

import type { Locale } from '../../i18n/messages.ts';
import type { DelegationRow } from './delegations-repository.ts';

type Names = Map<string, { name: string; name_en: string }>;

/** A delegation row as the wire Delegation, names in the request's language. */
export function presentDelegation(d: DelegationRow, users: Names, apps: Names, locale: Locale): Delegation {
  const name = (m: Names, id: string) => {
    const n = m.get(id);
    return n ? (locale === 'en' && n.name_en ? n.name_en : n.name) : id;
  };
  return {
    id: d.id,
    app: d.app_id ? { id: d.app_id, name: name(apps, d.app_id) } : null,
    from: d.start_at,
    to: d.end_at,
    entrustee: { id: d.to_user_id, name: name(users, d.to_user_id) },
    entruster: { id: d.from_user_id, name: name(users, d.from_user_id) },
  };
}
