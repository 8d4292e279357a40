/** The fields of what oidc-client-ts keeps in localStorage for a signed-in user (its `User.toStorageString()`). */
export interface StoredUser {
  access_token: string;
  id_token?: string;
  /** Seconds since the epoch; absent means the token does not expire (oidc-client-ts treats it as live). */
  expires_at?: number;
}

/** The key oidc-client-ts's WebStorageStateStore uses for the user of this authority and client. */
export function storedUserKey(authority: string, clientId: string): string {
  return `oidc.user:${authority}:${clientId}`;
}

/** Reads the stored user without loading oidc-client-ts; null when absent or unreadable. */
export function readStoredUser(key: string, store: Pick<Storage, 'getItem'> = window.localStorage): StoredUser | null {
  try {
    const u = JSON.parse(store.getItem(key) ?? 'null') as StoredUser | null;
    return u && typeof u.access_token === 'string' && u.access_token ? u : null;
  } catch {
    return null;
  }
}

/** Same rule as oidc-client-ts's `!user.expired`. */
export function isLive(u: StoredUser | null, now: number = Date.now()): u is StoredUser {
  return !!u && (u.expires_at === undefined || u.expires_at * 1000 > now);
}
