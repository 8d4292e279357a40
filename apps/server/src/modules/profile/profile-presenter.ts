import type { Profile } from '@service-hall/contracts';

import type { Locale } from '../../i18n/messages.ts';
import type { ProfileRow } from './profile-repository.ts';

/** Maps a profile row to the wire Profile; the person's and the department's names follow the request language. */
export function presentProfile(row: ProfileRow, locale: Locale): Profile {
  const department = locale === 'en' ? row.department_name_en || row.department_name : row.department_name;
  return {
    id: row.id,
    name: locale === 'en' ? row.name_en || row.name : row.name,
    enterprise: { id: row.enterprise_id },
    account: row.account,
    email: row.email,
    department: department ?? '',
    roles: row.roles.split(',').filter(Boolean),
  };
}
