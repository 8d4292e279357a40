import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

import { hashClientSecret } from '../../src/auth/client-secret.ts';
import { loadOrCreateSigningKey } from '../../src/auth/signing-keys.ts';
import type { TestApp } from './test-app.ts';

/**
 * Registers a system (when missing) and a system client for it straight in the database, binds the given apps to
 * the system, and returns the client's secret. For tests of what a system may do; the administration API that does
 * this for real is tested in integration-admin.test.ts.
 */
export async function registerSystemClient(
  t: TestApp,
  o: {
    systemId: string;
    systemName?: string;
    clientId: string;
    secret?: string;
    scopes?: string;
    appCodes?: string[];
  },
): Promise<{ secret: string }> {
  const now = t.ctx.now();
  const secret = o.secret ?? randomBytes(16).toString('hex');
  const db = t.ctx.db;
  if (!(await db.selectFrom('systems').select('id').where('id', '=', o.systemId).executeTakeFirst())) {
    await db
      .insertInto('systems')
      .values({
        id: o.systemId,
        name: o.systemName ?? o.systemId,
        name_en: o.systemName ?? o.systemId,
        base_url: '',
        secret_hash: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db
    .insertInto('oauth_clients')
    .values({
      id: o.clientId,
      name: o.clientId,
      kind: 'system',
      system_id: o.systemId,
      secret_hash: hashClientSecret(secret),
      secret_rotated_at: now,
      scopes: o.scopes ?? 'task task_edit process process_edit submit app',
      redirect_uris: '[]',
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (o.appCodes?.length)
    await db.updateTable('apps').set({ system_id: o.systemId }).where('code', 'in', o.appCodes).execute();
  return { secret };
}

/** A client_credentials access token of a registered client, signed as the embedded IdP issues it (sub = client). */
export function systemTokenFor(
  t: TestApp,
  clientId: string,
  scope = 'task task_edit process process_edit submit app',
): Promise<string> {
  return clientTokenFor(t, { clientId, sub: clientId, scope });
}

/** An access token the embedded IdP would issue to `clientId` for `sub` (a person's account, or the client itself). */
export async function clientTokenFor(t: TestApp, o: { clientId: string; sub: string; scope: string }): Promise<string> {
  const key = await loadOrCreateSigningKey(t.ctx.db, t.ctx.now());
  return new SignJWT({ scope: o.scope, client_id: o.clientId })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
    .setSubject(o.sub)
    .setIssuer(`${t.config.publicUrl}/oidc`)
    .setAudience(t.config.apiAudience)
    .setIssuedAt()
    .setJti(randomBytes(8).toString('hex'))
    .setExpirationTime('15m')
    .sign(key.privateKey);
}
