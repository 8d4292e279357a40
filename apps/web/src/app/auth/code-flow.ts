import type { UserManager } from 'oidc-client-ts';

import type { RuntimeConfig } from '@service-hall/contracts';

import type { AuthSession } from '../../lib/auth/auth-session.ts';
import { absoluteAuthority } from './discovery.ts';
import { storeReturnPath, takeReturnPath } from './return-path.ts';
import { isLive, readStoredUser, storedUserKey, type StoredUser } from './stored-user.ts';

export interface AuthModule {
  session: AuthSession;
  /** Finishes sign-in on the callback route; resolves to the path to go to next. */
  handleCallback(): Promise<string>;
}

/** oidc-client-ts renews the token 60 s before it expires; load it a minute before that. */
const RENEW_LEAD_MS = 120_000;

/**
 * Authorization code + PKCE through oidc-client-ts (docs/product.md §12, the default). The stored session is read straight
 * from localStorage, so a signed-in page starts without oidc-client-ts (17 KB gzipped); the UserManager is loaded
 * for sign-in, sign-out, the callback, and shortly before the token expires, when its silent renewal takes over.
 */
export function createCodeFlow(cfg: RuntimeConfig): AuthModule {
  const authority = absoluteAuthority(cfg.oidc.authority);
  let user: StoredUser | null = readStoredUser(storedUserKey(authority, cfg.oidc.clientId));
  let loading: Promise<UserManager> | null = null;

  const manager = (): Promise<UserManager> =>
    (loading ??= import('./oidc-manager.ts').then(({ createUserManager }) => {
      const um = createUserManager(cfg, authority);
      um.events.addUserLoaded((u) => {
        user = u;
        console.info('[auth] user loaded', u.profile.sub);
      });
      um.events.addUserUnloaded(() => {
        user = null;
      });
      // Another tab may have renewed the token meanwhile (getUser does not raise userLoaded); never after sign-out.
      void um.getUser().then(
        (u) => {
          if (u && !u.expired && user) user = u;
        },
        () => undefined,
      );
      return um;
    }));

  if (isLive(user) && user.expires_at !== undefined) {
    const ms = user.expires_at * 1000 - Date.now() - RENEW_LEAD_MS;
    window.setTimeout(() => void manager(), Math.min(Math.max(0, ms), 2 ** 31 - 1));
  }

  const session: AuthSession = {
    getAccessToken: () => (isLive(user) ? user.access_token : null),
    isSignedIn: () => isLive(user),
    wasSignedIn: () => user !== null,
    async signIn(returnTo) {
      storeReturnPath(returnTo);
      // The IdP's page opens in the portal's language (ui_locales); a change made there comes back (sign-in-locale.ts).
      await (await manager()).signinRedirect({ ui_locales: localStorage.getItem('locale') === 'en' ? 'en' : 'zh' });
    },
    async signOut() {
      const hint = user?.id_token;
      const um = await manager();
      await um.removeUser();
      user = null;
      await um.signoutRedirect({ id_token_hint: hint });
    },
  };

  return {
    session,
    async handleCallback() {
      user = await (await manager()).signinRedirectCallback();
      return takeReturnPath();
    },
  };
}
