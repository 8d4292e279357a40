import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { SCOPE_STRING } from '@service-hall/contracts';

/** A tiny browser over app.inject: keeps cookies per name and follows redirects that stay on /oidc. */
export class OidcBrowser {
  cookies = new Map<string, string>();
  /** The address the requests come from (app.inject's default is 127.0.0.1). */
  remoteAddress?: string;
  constructor(
    private app: FastifyInstance,
    private defaults: Record<string, string> = {},
    private host = 'localhost:8080',
  ) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const u = new URL(url, `http://${this.host}`);
    const res = await this.app.inject({
      method,
      url: u.pathname + u.search,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: {
        host: this.host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...this.defaults,
        ...headers,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair!.split('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || rest.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), rest.join('='));
    }
    return res;
  }

  /** Follows redirects while they stay inside the IdP; returns the first response that leaves it or is a page. */
  async follow(first: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let res = first;
    for (let i = 0; i < 10 && [302, 303].includes(res.statusCode); i++) {
      const to = new URL(String(res.headers.location), `http://${this.host}`);
      if (!to.pathname.startsWith('/oidc/')) return res;
      res = await this.request('GET', to.pathname + to.search);
    }
    return res;
  }
}

/** PKCE pair for the code flow. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const REDIRECT_URI = 'http://localhost:8080/workflow/oidcCallback';

/** The authorization request URL the portal builds. */
export function authorizeUrl(params: Record<string, string>): string {
  return `/oidc/auth?${new URLSearchParams({
    client_id: 'service-hall',
    redirect_uri: REDIRECT_URI,
    scope: SCOPE_STRING,
    state: 'st-1',
    nonce: 'no-1',
    ...params,
  }).toString()}`;
}
