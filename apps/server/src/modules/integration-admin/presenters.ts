import type { Selectable } from 'kysely';

import type { AdminClient, AdminSystem } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { PREVIOUS_SECRET_GRACE_SECONDS } from '../integration/callback-signature.ts';

type ClientRow = Selectable<Database['oauth_clients']>;

/** A client as administrators see it: never its secret's hash. */
export function presentClient(row: ClientRow, clientSecret?: string): AdminClient {
  return {
    clientId: row.id,
    name: row.name,
    kind: row.kind,
    systemId: row.system_id,
    scopes: row.scopes.split(' ').filter(Boolean),
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    enabled: row.enabled === 1,
    allowNoPkce: row.kind === 'confidential' && row.allow_no_pkce === 1,
    secretRotatedAt: row.secret_rotated_at === null ? null : Number(row.secret_rotated_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    ...(clientSecret ? { clientSecret } : {}),
  };
}

/**
 * Systems with the codes of their apps, the number of their clients and the state of their callback secret (never
 * the secret); all, or the one of `id`. `now` decides whether a previous callback secret still signs.
 */
export async function loadSystems(db: Db, now: number, id?: string): Promise<AdminSystem[]> {
  let q = db.selectFrom('systems').selectAll().orderBy('id');
  if (id !== undefined) q = q.where('id', '=', id);
  const systems = await q.execute();
  if (systems.length === 0) return [];
  const ids = systems.map((s) => s.id);
  const apps = await db
    .selectFrom('apps')
    .select(['code', 'system_id'])
    .where('system_id', 'in', ids)
    .orderBy('code')
    .execute();
  const clients = await db
    .selectFrom('oauth_clients')
    .select(['system_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('system_id', 'in', ids)
    .groupBy('system_id')
    .execute();
  return systems.map((s) => ({
    id: s.id,
    name: s.name,
    nameEn: s.name_en,
    baseUrl: s.base_url,
    enabled: s.enabled === 1,
    apps: apps.filter((a) => a.system_id === s.id).map((a) => a.code),
    clients: Number(clients.find((c) => c.system_id === s.id)?.n ?? 0),
    callbackSecret: Boolean(s.callback_secret),
    previousCallbackSecretValidUntil:
      s.callback_secret_previous &&
      s.callback_secret_rotated_at !== null &&
      Number(s.callback_secret_rotated_at) + PREVIOUS_SECRET_GRACE_SECONDS > now
        ? Number(s.callback_secret_rotated_at) + PREVIOUS_SECRET_GRACE_SECONDS
        : null,
    createdAt: Number(s.created_at),
    updatedAt: Number(s.updated_at),
  }));
}
