import type { RuntimeConfig } from '@service-hall/contracts';

import { setAuthSession } from '../../lib/auth/auth-session.ts';
import { createCodeFlow, type AuthModule } from './code-flow.ts';

let current: AuthModule | null = null;

/**
 * Builds the sign-in module chosen by config.oidc.responseType and registers it for the api client. The code flow
 * is small and loads oidc-client-ts only when needed; the implicit flow (jose) is its own chunk.
 */
export async function initAuth(cfg: RuntimeConfig): Promise<AuthModule> {
  current =
    cfg.oidc.responseType === 'id_token token'
      ? (await import('./implicit-flow.ts')).createImplicitFlow(cfg)
      : createCodeFlow(cfg);
  setAuthSession(current.session);
  return current;
}

export function authModule(): AuthModule {
  if (!current) throw new Error('auth not initialised');
  return current;
}
