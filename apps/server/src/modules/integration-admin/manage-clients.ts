import { randomBytes } from 'node:crypto';

import { isLoopbackRedirect, type AdminClient } from '@service-hall/contracts';

import { newClientSecret } from '../../auth/client-secret.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AdminContext } from '../admin/admin-context.ts';
import { assertAuthorized } from '../admin/admin-policy.ts';
import { auditedChange, isUniqueViolation, type Trx } from '../admin/audit/audit-log.ts';
import { M } from './integration-admin-messages.ts';
import { presentClient } from './presenters.ts';

export interface NewClient {
  kind: 'system' | 'public' | 'confidential';
  clientId?: string | undefined;
  name: string;
  systemId?: string | undefined;
  scopes: string[];
  redirectUris: string[];
  allowNoPkce?: boolean | undefined;
}

/** Registered clients, all or of one system (system administrators). */
export async function listClients(ctx: AdminContext, systemId?: string): Promise<AdminClient[]> {
  assertAuthorized(ctx.actor, 'integration.manage');
  let q = ctx.db.selectFrom('oauth_clients').selectAll().orderBy('id');
  if (systemId !== undefined) q = q.where('system_id', '=', systemId);
  return (await q.execute()).map((row) => presentClient(row));
}

/**
 * Registers a client. A system or confidential client's answer carries its secret: the only time it is ever shown (the database
 * keeps its hash). `reserved` are ids no registered client may take (the portal's own client id).
 */
export async function createClient(
  ctx: AdminContext,
  input: NewClient,
  reserved: readonly string[],
): Promise<AdminClient> {
  assertAuthorized(ctx.actor, 'integration.manage');
  const id = input.clientId ?? `${input.systemId ?? 'cli'}-${randomBytes(4).toString('hex')}`;
  if (reserved.includes(id)) throw new AppError('CONFLICT', M.CLIENT_ID_TAKEN, { id });
  const secret = input.kind === 'public' ? null : newClientSecret();
  try {
    return await auditedChange(ctx, async (trx, audit) => {
      if (input.kind === 'system') await assertSystem(trx, input.systemId!);
      if (await trx.selectFrom('oauth_clients').select('id').where('id', '=', id).executeTakeFirst()) {
        throw new AppError('CONFLICT', M.CLIENT_ID_TAKEN, { id });
      }
      const now = ctx.now();
      await trx
        .insertInto('oauth_clients')
        .values({
          id,
          name: input.name,
          kind: input.kind,
          system_id: input.kind === 'system' ? input.systemId! : null,
          secret_hash: secret?.hash ?? null,
          secret_rotated_at: secret ? now : null,
          scopes: [...new Set(input.scopes)].join(' '),
          redirect_uris: JSON.stringify([...new Set(input.redirectUris)]),
          enabled: 1,
          allow_no_pkce: input.kind === 'confidential' && input.allowNoPkce === true ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const after = presentClient(await loadClient(trx, id));
      await audit({ action: 'client.create', targetType: 'client', targetId: id, after });
      return { ...after, ...(secret ? { clientSecret: secret.secret } : {}) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.CLIENT_ID_TAKEN, { id });
    throw err;
  }
}

/**
 * Changes a client's name, scopes, redirect URIs (public and confidential clients), whether it may sign in without
 * PKCE (confidential clients), or switches it on or off.
 */
export async function editClient(
  ctx: AdminContext,
  id: string,
  changes: {
    name?: string | undefined;
    scopes?: string[] | undefined;
    redirectUris?: string[] | undefined;
    enabled?: boolean | undefined;
    allowNoPkce?: boolean | undefined;
  },
): Promise<AdminClient> {
  assertAuthorized(ctx.actor, 'integration.manage');
  return auditedChange(ctx, async (trx, audit) => {
    const row = await loadClient(trx, id);
    if (changes.redirectUris !== undefined && row.kind === 'system') {
      throw new AppError('VALIDATION_FAILED', M.CLIENT_REDIRECTS_FOR_PUBLIC, {}, [
        { field: 'redirectUris', in: 'body', message: 'a system client has no redirect URIs' },
      ]);
    }
    if (changes.redirectUris !== undefined && changes.redirectUris.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, [
        { field: 'redirectUris', in: 'body', message: `a ${row.kind} client needs a redirect URI` },
      ]);
    }
    if (row.kind === 'public' && changes.redirectUris?.some((uri) => !isLoopbackRedirect(uri))) {
      throw new AppError('VALIDATION_FAILED', M.CLIENT_REDIRECT_LOOPBACK, {}, [
        { field: 'redirectUris', in: 'body', message: 'a public client’s redirect URIs must be loopback addresses' },
      ]);
    }
    if (changes.allowNoPkce !== undefined && row.kind !== 'confidential') {
      throw new AppError('CONFLICT', M.CLIENT_PKCE_FOR_CONFIDENTIAL);
    }
    const before = presentClient(row);
    const set = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.scopes !== undefined ? { scopes: [...new Set(changes.scopes)].join(' ') } : {}),
      ...(changes.redirectUris !== undefined
        ? { redirect_uris: JSON.stringify([...new Set(changes.redirectUris)]) }
        : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
      ...(changes.allowNoPkce !== undefined ? { allow_no_pkce: changes.allowNoPkce ? 1 : 0 } : {}),
    };
    if (Object.keys(set).length === 0) return before;
    await trx
      .updateTable('oauth_clients')
      .set({ ...set, updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    const after = presentClient(await loadClient(trx, id));
    await audit({ action: 'client.edit', targetType: 'client', targetId: id, before, after });
    return after;
  });
}

/**
 * Gives a system or confidential client a new secret and returns it (shown once). The old secret stops working with this commit:
 * the IdP compares against the stored hash on every token request.
 */
export async function rotateClientSecret(ctx: AdminContext, id: string): Promise<AdminClient> {
  assertAuthorized(ctx.actor, 'integration.manage');
  const secret = newClientSecret();
  return auditedChange(ctx, async (trx, audit) => {
    const row = await loadClient(trx, id);
    if (row.kind === 'public') throw new AppError('CONFLICT', M.CLIENT_NOT_CONFIDENTIAL);
    const now = ctx.now();
    await trx
      .updateTable('oauth_clients')
      .set({ secret_hash: secret.hash, secret_rotated_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    // The audit row records that and when, never the secret or its hash.
    await audit({
      action: 'client.rotate-secret',
      targetType: 'client',
      targetId: id,
      before: { secretRotatedAt: row.secret_rotated_at },
      after: { secretRotatedAt: now },
    });
    return presentClient(await loadClient(trx, id), secret.secret);
  });
}

async function loadClient(db: Db | Trx, id: string) {
  const row = await db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.CLIENT_NOT_FOUND, { id });
  return row;
}

async function assertSystem(trx: Trx, id: string): Promise<void> {
  const row = await trx.selectFrom('systems').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.SYSTEM_NOT_FOUND, { id });
}
