import { createRemoteJWKSet } from 'jose';
import type { RuntimeConfig } from '@service-hall/contracts';
import type { AuthSession } from '../../lib/auth-session.ts';
import type { AuthModule } from './code-flow.ts';
import { fetchDiscovery } from './discovery.ts';
import { storeReturnPath, takeReturnPath } from './return-path.ts';
import { parseFragment, randomToken, validateImplicitResponse, type ImplicitPending, type ImplicitUser } from './implicit-validate.ts';

const PENDING_KEY = 'sh.implicit.pending';
const USER_KEY = 'sh.implicit.user';

function loadUser(): ImplicitUser | null {
  try {
    const u = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as ImplicitUser | null;
    return u && u.expiresAt > Date.now() / 1000 ? u : null;
  } catch {
    return null;
  }
}

/** Takes the pending state/nonce exactly once, so a replayed fragment fails. */
function takePending(): ImplicitPending | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  return raw ? (JSON.parse(raw) as ImplicitPending) : null;
}

/** The spec's `id_token token` flow, for IdPs that offer nothing else (DESIGN §6). */
export function createImplicitFlow(cfg: RuntimeConfig): AuthModule {
  let user = loadUser();
  const redirectUri = `${window.location.origin}${cfg.basePath}workflow/oidcCallback`;
  let expiryTimers: number[] = [];

  function watchExpiry(): void {
    expiryTimers.forEach((t) => clearTimeout(t));
    expiryTimers = [];
    if (!user) return;
    const ms = user.expiresAt * 1000 - Date.now();
    expiryTimers.push(window.setTimeout(() => console.info('[auth] access token expiring'), Math.max(0, ms - 60_000)));
    expiryTimers.push(window.setTimeout(() => console.info('[auth] access token expired'), Math.max(0, ms)));
  }
  if (user) console.info('[auth] user loaded', user.claims.sub);
  watchExpiry();

  const session: AuthSession = {
    getAccessToken: () => (user && user.expiresAt > Date.now() / 1000 ? user.accessToken : null),
    isSignedIn: () => !!user && user.expiresAt > Date.now() / 1000,
    async signIn(returnTo) {
      storeReturnPath(returnTo);
      const d = await fetchDiscovery(cfg.oidc.authority);
      const pending: ImplicitPending = { state: randomToken(), nonce: randomToken() };
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      const url = new URL(d.authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: cfg.oidc.clientId,
        redirect_uri: redirectUri,
        response_type: 'id_token token',
        scope: cfg.oidc.scope,
        state: pending.state,
        nonce: pending.nonce,
      }).toString();
      window.location.assign(url.toString());
    },
    async signOut() {
      const hint = user?.idToken;
      localStorage.removeItem(USER_KEY);
      user = null;
      console.info('[auth] user signed out');
      const d = await fetchDiscovery(cfg.oidc.authority).catch(() => null);
      const home = `${window.location.origin}${cfg.basePath}`;
      if (!d?.end_session_endpoint) return window.location.assign(home);
      const url = new URL(d.end_session_endpoint);
      url.search = new URLSearchParams({
        ...(hint ? { id_token_hint: hint } : {}),
        post_logout_redirect_uri: home,
        client_id: cfg.oidc.clientId,
      }).toString();
      window.location.assign(url.toString());
    },
  };

  return {
    session,
    async handleCallback() {
      const params = parseFragment(window.location.hash);
      // Tokens must leave the address bar (and history) before anything else can read or send them.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      const pending = takePending();
      const d = await fetchDiscovery(cfg.oidc.authority);
      const validated = await validateImplicitResponse(params, pending, {
        issuer: d.issuer,
        clientId: cfg.oidc.clientId,
        getKey: createRemoteJWKSet(new URL(d.jwks_uri)),
      });
      user = validated;
      localStorage.setItem(USER_KEY, JSON.stringify(validated));
      console.info('[auth] user loaded', validated.claims.sub);
      watchExpiry();
      return takeReturnPath();
    },
  };
}
