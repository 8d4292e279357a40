import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

import type { RuntimeConfig } from '@service-hall/contracts';

/**
 * The oidc-client-ts UserManager of the code flow. Its own chunk: a page opened with a live stored session does
 * not load it until sign-in, sign-out, the callback or shortly before the access token expires (code-flow.ts).
 */
export function createUserManager(cfg: RuntimeConfig, authority: string): UserManager {
  const origin = window.location.origin;
  const um = new UserManager({
    authority,
    client_id: cfg.oidc.clientId,
    redirect_uri: `${origin}${cfg.basePath}workflow/oidcCallback`,
    post_logout_redirect_uri: `${origin}${cfg.basePath}`,
    scope: cfg.oidc.scope,
    response_type: 'code',
    // localStorage keeps the user signed in across reloads and tabs (code-flow.ts reads it at boot).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
  um.events.addAccessTokenExpiring(() => console.info('[auth] access token expiring'));
  um.events.addAccessTokenExpired(() => console.info('[auth] access token expired'));
  um.events.addUserSignedOut(() => console.info('[auth] user signed out'));
  um.events.addSilentRenewError((e) => console.info('[auth] silent renew failed', e.message));
  return um;
}
