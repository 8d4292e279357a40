import type { RuntimeConfig } from '@service-hall/contracts';

import { setAuthSession } from '../lib/auth/auth-session.ts';
import { setRuntimeConfig } from '../lib/config/runtime-config.ts';
import { setHttpDeps } from '../lib/http/api-client.ts';

/** A signed-in session whose access token is "tok" (unit tests of the API clients). */
export function signInForTests(): void {
  setAuthSession({
    getAccessToken: () => 'tok',
    isSignedIn: () => true,
    signIn: async () => {},
    signOut: async () => {},
  });
}

/** The runtime config of a portal at "/" with the REST API at /api, and the task API at `taskApi` if given. */
export function configureForTests(taskApi: string | null = null): void {
  setRuntimeConfig({ basePath: '/', apiBase: '/api', taskCentreBase: '', taskApi } as RuntimeConfig);
}

/** Answers every request with `body` (JSON) and `status`; returns the requests the client sent, in order. */
export function captureRequests(body: unknown, status = 200) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  setHttpDeps({
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof fetch,
    sleep: async () => {},
  });
  return seen;
}
