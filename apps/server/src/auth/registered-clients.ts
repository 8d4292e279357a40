import type { JWTPayload } from 'jose';

import type { Db } from '../db/database.ts';

/** A registered OAuth client as authentication sees it (table oauth_clients, migrations/016). */
export interface RegisteredClient {
  id: string;
  /** `system` acts as its system; `public` and `confidential` (a secret, the code grant) sign people in. */
  kind: 'system' | 'public' | 'confidential';
  enabled: boolean;
  /** Scopes the client may use; a token's scopes are cut down to these whatever the IdP put in it. */
  scopes: ReadonlySet<string>;
  /** The system a system client is bound to (null for public clients); `enabled` is the system's own switch. */
  system: { id: string; name: string; enabled: boolean } | null;
}

export interface ClientRegistry {
  /** The registered client of that id, or null. */
  byId(clientId: string): Promise<RegisteredClient | null>;
  /** Forgets a cached client (after an administrator changed it or its system). */
  forget(clientId?: string): void;
}

// Like the user directory: a disabled client or system loses access within seconds, bursts spare the database.
const CACHE_SECONDS = 15;
const CACHE_MAX = 1000;

/** Looks registered clients up by id with a brief in-memory cache. */
export function createClientRegistry(db: Db): ClientRegistry {
  const cache = new Map<string, { client: RegisteredClient | null; until: number }>();
  const load = async (clientId: string): Promise<RegisteredClient | null> => {
    const row = await db
      .selectFrom('oauth_clients')
      .leftJoin('systems', 'systems.id', 'oauth_clients.system_id')
      .select([
        'oauth_clients.id',
        'oauth_clients.kind',
        'oauth_clients.enabled',
        'oauth_clients.scopes',
        'systems.id as system_id',
        'systems.name as system_name',
        'systems.enabled as system_enabled',
      ])
      .where('oauth_clients.id', '=', clientId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      enabled: row.enabled === 1,
      scopes: new Set(row.scopes.split(' ').filter(Boolean)),
      system: row.system_id
        ? { id: row.system_id, name: row.system_name ?? '', enabled: row.system_enabled === 1 }
        : null,
    };
  };
  return {
    async byId(clientId) {
      const hit = cache.get(clientId);
      if (hit && hit.until > Date.now() / 1000) return hit.client;
      const client = await load(clientId);
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(clientId, { client, until: Date.now() / 1000 + CACHE_SECONDS });
      return client;
    },
    forget(clientId) {
      if (clientId === undefined) cache.clear();
      else cache.delete(clientId);
    },
  };
}

/**
 * The OAuth client a token was issued to: `client_id` (RFC 9068 access tokens; the embedded IdP's), else `azp`
 * (OpenID Connect's authorised party, which Keycloak and Entra ID v2 put in access tokens).
 */
export function clientIdOf(claims: JWTPayload): string | null {
  for (const name of ['client_id', 'azp'] as const) {
    const value = claims[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** The token's scopes that the client is allowed: an IdP's wider grant never widens what the client may do. */
export function allowedScopes(tokenScopes: ReadonlySet<string>, client: RegisteredClient): Set<string> {
  return new Set([...tokenScopes].filter((s) => client.scopes.has(s)));
}
