import type { RouteContract, Scope } from '@service-hall/contracts';

/** The caller of an API request, taken from a verified access token (and provisioned on first use). */
export interface AuthUser {
  id: string;
  account: string;
  name: string;
  email: string;
  roles: string[];
  scopes: ReadonlySet<string>;
  /** The sign-in grant the access token was issued under (`gid`, embedded IdP only); logout revokes it. */
  grantId?: string;
  /**
   * Set when the caller is a registered system client holding a `client_credentials` token, not
   * a person: `id` and `name` are the system's, `clientId` the OAuth client's. Such a caller's `id` is
   * `system:<system id>` and it has no roles; it acts for a user only through a `userId` parameter, and only for
   * the apps of its own system (auth/acting-user.ts).
   */
  system?: { id: string; name: string; clientId: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Scope the route needs (set by defineRoute from the contract). Every API route needs a token unless `public`. */
    scope?: Scope;
    public?: boolean;
    /** The route's contract (platform/define-route.ts): documented, validated and checked in tests by it. */
    contract?: RouteContract;
    /** An API_ALIASES copy of a contract route (platform/api-plugin.ts): served, not documented again. */
    alias?: boolean;
    /** Set by the API plugin on routes that answer JSON only: they get the JSON list of security headers. */
    jsonApi?: boolean;
    /** A route inside the API plugin that may answer an HTML page (GraphiQL): it keeps the full security headers. */
    html?: boolean;
  }
}
