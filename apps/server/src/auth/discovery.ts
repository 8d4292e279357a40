/** The parts of an OpenID Provider's discovery document the server uses. */
export interface DiscoveryDocument {
  jwks_uri?: string;
  userinfo_endpoint?: string;
}

/**
 * The external issuer's discovery document, fetched on first use and kept; a failed fetch is retried on the next
 * call instead of being remembered.
 */
export function discovery(issuer: string): () => Promise<DiscoveryDocument> {
  let doc: Promise<DiscoveryDocument> | null = null;
  const load = async (): Promise<DiscoveryDocument> => {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`discovery of ${issuer} failed: HTTP ${res.status}`);
    return (await res.json()) as DiscoveryDocument;
  };
  return () => (doc ??= load().catch((e: unknown) => { doc = null; throw e; }));
}
