export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
  userinfo_endpoint?: string;
}

/** Authority as an absolute URL (config may give a path such as "/oidc"). */
export function absoluteAuthority(authority: string): string {
  return new URL(authority, window.location.origin).toString().replace(/\/$/, '');
}

let cached: Promise<Discovery> | null = null;

/** The IdP's discovery document, fetched once per page. */
export function fetchDiscovery(authority: string): Promise<Discovery> {
  cached ??= fetch(`${absoluteAuthority(authority)}/.well-known/openid-configuration`).then(async (r) => {
    if (!r.ok) throw new Error(`discovery: HTTP ${r.status}`);
    return (await r.json()) as Discovery;
  });
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
