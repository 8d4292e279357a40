import type { ProcessDefinition } from '@service-hall/engine';
import { fieldKindOf } from '@service-hall/engine/form';

import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';

/**
 * How the person and department fields of a process's form data read, by field key: the person's name (the value
 * is their account, which a step's "person named in a form field" rule reads) and the department's name (the value
 * is its id), in the request's language. `data` keeps the values; a value naming nobody known is left out, so the
 * page shows it as stored. No query for a form without such fields (every built-in one).
 */
export async function fieldNamesOf(
  db: Db,
  def: ProcessDefinition | undefined,
  data: Record<string, unknown>,
  locale: Locale,
): Promise<Record<string, string>> {
  const props = def?.form.schema.properties ?? {};
  const ui = (def?.form.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const persons: Array<[string, string]> = [];
  const departments: Array<[string, string]> = [];
  for (const [key, prop] of Object.entries(props)) {
    const value = data[key];
    if (typeof value !== 'string' || value === '') continue;
    const kind = fieldKindOf(prop, ui[key] ?? {});
    if (kind === 'person') persons.push([key, value]);
    else if (kind === 'department') departments.push([key, value]);
  }
  const pick = (r: { name: string; name_en: string }) => (locale === 'en' && r.name_en ? r.name_en : r.name);
  const [users, depts] = await Promise.all([
    persons.length === 0
      ? []
      : db
          .selectFrom('users')
          .select(['account', 'name', 'name_en'])
          .where('account', 'in', [...new Set(persons.map(([, v]) => v))])
          .execute(),
    departments.length === 0
      ? []
      : db
          .selectFrom('departments')
          .select(['id', 'name', 'name_en'])
          .where('id', 'in', [...new Set(departments.map(([, v]) => v))])
          .execute(),
  ]);
  const byAccount = new Map(users.map((u) => [u.account, pick(u)]));
  const byId = new Map(depts.map((d) => [d.id, pick(d)]));
  // In the form's order, so a stored answer replays byte for byte.
  const names: Record<string, string> = {};
  for (const key of Object.keys(props)) {
    const name = persons.some(([k]) => k === key)
      ? byAccount.get(data[key] as string)
      : departments.some(([k]) => k === key)
        ? byId.get(data[key] as string)
        : undefined;
    if (name !== undefined) names[key] = name;
  }
  return names;
}
