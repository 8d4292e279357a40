import { outboundRequest } from '../platform/outbound-http.ts';

const TIMEOUT_MS = 10_000;

/** The parts of an OpenID Provider's discovery document the server uses. */
export interface DiscoveryDocument {
  jwks_uri?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  userinfo_endpoint?: string;
}

/**
 * The external issuer's discovery document, fetched on first use (bounded like every outbound answer, redirects not
 * followed) and kept; a failed fetch is retried on the next call instead of being remembered.
 */
export function discovery(issuer: string): () => Promise<DiscoveryDocument> {
  let doc: Promise<DiscoveryDocument> | null = null;
  const load = async (): Promise<DiscoveryDocument> => {
    const res = await outboundRequest(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      timeoutMs: TIMEOUT_MS,
    });
    if (!res.ok) throw new Error(`discovery of ${issuer} failed: HTTP ${res.status}`);
    return JSON.parse(res.body.toString('utf8')) as DiscoveryDocument;
  };
  return () =>
    (doc ??= load().catch((e: unknown) => {
      doc = null;
      throw e;
    }));
}
