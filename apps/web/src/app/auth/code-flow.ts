import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { RuntimeConfig } from '@service-hall/contracts';
import type { AuthSession } from '../../lib/auth-session.ts';
import { absoluteAuthority } from './discovery.ts';
import { storeReturnPath, takeReturnPath } from './return-path.ts';

export interface AuthModule {
  session: AuthSession;
  /** Finishes sign-in on the callback route; resolves to the path to go to next. */
  handleCallback(): Promise<string>;
}

/** Authorization code + PKCE through oidc-client-ts (DESIGN §6, the default). */
export async function createCodeFlow(cfg: RuntimeConfig): Promise<AuthModule> {
  const origin = window.location.origin;
  const um = new UserManager({
    authority: absoluteAuthority(cfg.oidc.authority),
    client_id: cfg.oidc.clientId,
    redirect_uri: `${origin}${cfg.basePath}workflow/oidcCallback`,
    post_logout_redirect_uri: `${origin}${cfg.basePath}`,
    scope: cfg.oidc.scope,
    response_type: 'code',
    // localStorage keeps the user signed in across reloads and tabs.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
  let user: User | null = await um.getUser().catch(() => null);

  um.events.addUserLoaded((u) => {
    user = u;
    console.info('[auth] user loaded', u.profile.sub);
  });
  um.events.addAccessTokenExpiring(() => console.info('[auth] access token expiring'));
  um.events.addAccessTokenExpired(() => console.info('[auth] access token expired'));
  um.events.addUserSignedOut(() => console.info('[auth] user signed out'));
  um.events.addUserUnloaded(() => {
    user = null;
  });
  um.events.addSilentRenewError((e) => console.info('[auth] silent renew failed', e.message));

  const session: AuthSession = {
    getAccessToken: () => (user && !user.expired ? user.access_token : null),
    isSignedIn: () => !!user && !user.expired,
    async signIn(returnTo) {
      storeReturnPath(returnTo);
      await um.signinRedirect();
    },
    async signOut() {
      const hint = user?.id_token;
      await um.removeUser();
      user = null;
      await um.signoutRedirect({ id_token_hint: hint });
    },
  };

  return {
    session,
    async handleCallback() {
      user = await um.signinRedirectCallback();
      return takeReturnPath();
    },
  };
}
