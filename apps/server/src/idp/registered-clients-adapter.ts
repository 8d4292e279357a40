import type { Adapter, AdapterPayload } from 'oidc-provider';
import type Provider from 'oidc-provider';

import { clientSecretMatches } from '../auth/client-secret.ts';
import type { Db } from '../db/database.ts';

/**
 * oidc-provider's `Client` model read from oauth_clients (migrations/016): the clients administrators register
 * (modules/integration-admin). A disabled client, or a system client whose system is disabled, is not found, so
 * the token endpoint answers `invalid_client`. Clients are never written through oidc-provider (no dynamic
 * registration): the adapter's write methods do nothing. A confidential client signs people in with the
 * authorization code and its secret; only it may carry `allow_no_pkce` (provider-options.ts).
 */
export function registeredClientsAdapter(db: Db): Adapter {
  const none = async () => undefined;
  return {
    async find(id: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oauth_clients')
        .leftJoin('systems', 'systems.id', 'oauth_clients.system_id')
        .select([
          'oauth_clients.id',
          'oauth_clients.name',
          'oauth_clients.kind',
          'oauth_clients.secret_hash',
          'oauth_clients.scopes',
          'oauth_clients.redirect_uris',
          'oauth_clients.enabled',
          'oauth_clients.allow_no_pkce',
          'systems.enabled as system_enabled',
        ])
        .where('oauth_clients.id', '=', id)
        .executeTakeFirst();
      if (!row || row.enabled !== 1) return undefined;
      if (row.kind === 'system') {
        if (row.system_enabled !== 1 || !row.secret_hash) return undefined;
        return {
          client_id: row.id,
          client_name: row.name,
          // The hash, not the secret: compareClientSecret (below) checks a presented secret against it.
          client_secret: row.secret_hash,
          token_endpoint_auth_method: 'client_secret_basic',
          grant_types: ['client_credentials'],
          response_types: [],
          redirect_uris: [],
          scope: row.scopes,
        };
      }
      if (row.kind === 'confidential') {
        if (!row.secret_hash) return undefined;
        return {
          client_id: row.id,
          client_name: row.name,
          application_type: 'web',
          client_secret: row.secret_hash,
          // The secret may come in HTTP Basic or as form fields: the OAuth sibling endpoints (idp/oauth2-routes.ts)
          // move form fields into Basic before the provider sees the request, so one registered method serves both.
          token_endpoint_auth_method: 'client_secret_basic',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: JSON.parse(row.redirect_uris) as string[],
          scope: `openid offline_access ${row.scopes}`,
          allow_no_pkce: row.allow_no_pkce === 1,
        };
      }
      return {
        client_id: row.id,
        client_name: row.name,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: JSON.parse(row.redirect_uris) as string[],
        scope: `openid offline_access ${row.scopes}`,
      };
    },
    upsert: none,
    findByUid: none,
    findByUserCode: none,
    consume: none,
    destroy: none,
    revokeByGrantId: none,
  };
}

/**
 * A system client's `client_secret` metadata holds the secret's hash (secrets are never stored), so the provider's
 * plain comparison is replaced by a hash comparison. Its other uses of the secret (HS256 signing, client_secret_jwt)
 * are not offered to these clients.
 */
export function compareHashedClientSecrets(provider: Provider): void {
  const client = provider.Client.prototype as unknown as {
    clientSecret?: string;
    compareClientSecret(actual: string): boolean | Promise<boolean>;
  };
  client.compareClientSecret = function (this: { clientSecret?: string }, actual: string) {
    return clientSecretMatches(this.clientSecret, actual);
  };
}
