import { createRemoteJWKSet } from 'jose';

import type { RuntimeConfig } from '@service-hall/contracts';

import type { AuthSession } from '../../lib/auth/auth-session.ts';
import type { AuthModule } from './code-flow.ts';
import { fetchDiscovery } from './discovery.ts';
import {
  parseFragment,
  randomToken,
  validateImplicitResponse,
  type ImplicitPending,
  type ImplicitUser,
} from './implicit-validate.ts';
import { storeReturnPath, takeReturnPath } from './return-path.ts';

const PENDING_KEY = 'sh.implicit.pending';
const USER_KEY = 'sh.implicit.user';
/** Set while a silent renewal (prompt=none) is under way: its failure falls back to a normal sign-in. */
const SILENT_KEY = 'sh.implicit.silent';
/** Renew this long before the access token expires (the implicit flow has no refresh token). */
const RENEW_LEAD_MS = 60_000;

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

/** The spec's `id_token token` flow, for IdPs that offer nothing else (docs/product.md §12). */
export function createImplicitFlow(cfg: RuntimeConfig): AuthModule {
  let user = loadUser();
  // A stored session that expired while the page was closed still counts: its owner should be asked to sign in.
  let hadSession = user !== null || localStorage.getItem(USER_KEY) !== null;
  const redirectUri = `${window.location.origin}${cfg.basePath}workflow/oidcCallback`;
  let expiryTimers: number[] = [];

  function watchExpiry(): void {
    expiryTimers.forEach((t) => clearTimeout(t));
    expiryTimers = [];
    if (!user) return;
    const ms = user.expiresAt * 1000 - Date.now();
    expiryTimers.push(
      window.setTimeout(
        () => {
          console.info('[auth] access token expiring');
          renewWhenVisible();
        },
        Math.max(0, ms - RENEW_LEAD_MS),
      ),
    );
    expiryTimers.push(window.setTimeout(() => console.info('[auth] access token expired'), Math.max(0, ms)));
  }
  if (user) console.info('[auth] user loaded', user.claims.sub);
  watchExpiry();

  /** Redirects to the IdP; `silent` asks for prompt=none (no page shown while the IdP session lasts). */
  async function authorize(returnTo: string, silent: boolean): Promise<void> {
    storeReturnPath(returnTo);
    const d = await fetchDiscovery(cfg.oidc.authority);
    const pending: ImplicitPending = { state: randomToken(), nonce: randomToken() };
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    if (silent) sessionStorage.setItem(SILENT_KEY, '1');
    else sessionStorage.removeItem(SILENT_KEY);
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: cfg.oidc.clientId,
      redirect_uri: redirectUri,
      response_type: 'id_token token',
      scope: cfg.oidc.scope,
      state: pending.state,
      nonce: pending.nonce,
      ui_locales: localStorage.getItem('locale') === 'en' ? 'en' : 'zh',
      ...(silent ? { prompt: 'none' } : {}),
    }).toString();
    window.location.assign(url.toString());
  }

  /**
   * The implicit flow cannot renew in the background (no refresh token; the IdP refuses to be framed), so shortly
   * before expiry a visible page makes a round trip to the IdP with prompt=none and comes back to the same
   * address (a form being filled in is kept as a draft). A hidden page renews when it is shown again.
   */
  function renewWhenVisible(): void {
    const here = () => {
      const base = cfg.basePath.replace(/\/$/, '');
      return window.location.pathname.slice(base.length) + window.location.search;
    };
    if (document.visibilityState === 'visible') {
      void authorize(here(), true);
      return;
    }
    document.addEventListener(
      'visibilitychange',
      () => {
        if (document.visibilityState === 'visible') void authorize(here(), true);
      },
      { once: true },
    );
  }

  const session: AuthSession = {
    getAccessToken: () => (user && user.expiresAt > Date.now() / 1000 ? user.accessToken : null),
    isSignedIn: () => !!user && user.expiresAt > Date.now() / 1000,
    wasSignedIn: () => hadSession,
    signIn: (returnTo) => authorize(returnTo, false),
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
      const silent = sessionStorage.getItem(SILENT_KEY) === '1';
      sessionStorage.removeItem(SILENT_KEY);
      if (silent && params.error) {
        // The IdP session ended too: sign in normally, back to the same page.
        await authorize(takeReturnPath(), false);
        return new Promise<string>(() => undefined);
      }
      const d = await fetchDiscovery(cfg.oidc.authority);
      const validated = await validateImplicitResponse(params, pending, {
        issuer: d.issuer,
        clientId: cfg.oidc.clientId,
        getKey: createRemoteJWKSet(new URL(d.jwks_uri)),
      });
      user = validated;
      hadSession = true;
      localStorage.setItem(USER_KEY, JSON.stringify(validated));
      console.info('[auth] user loaded', validated.claims.sub);
      watchExpiry();
      return takeReturnPath();
    },
  };
}
