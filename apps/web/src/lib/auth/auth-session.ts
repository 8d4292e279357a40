/**
 * The sign-in module (app/auth) registers itself here so shared code (api client, features) can read the token
 * and start sign-in/out without importing app/.
 */
export interface AuthSession {
  /** Current access token, or null when not signed in / expired. */
  getAccessToken(): string | null;
  isSignedIn(): boolean;
  /** True once this page held a session, even if it has expired since: a 401 then means "sign in again". */
  wasSignedIn?(): boolean;
  /** Starts sign-in, coming back to `returnTo` (a router path) afterwards. */
  signIn(returnTo: string): Promise<void>;
  signOut(): Promise<void>;
}

const none: AuthSession = {
  getAccessToken: () => null,
  isSignedIn: () => false,
  signIn: async () => {},
  signOut: async () => {},
};

let session: AuthSession = none;

export function setAuthSession(s: AuthSession): void {
  session = s;
}

export function authSession(): AuthSession {
  return session;
}
