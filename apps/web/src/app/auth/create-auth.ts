import type { RuntimeConfig } from '@service-hall/contracts';
import { setAuthSession } from '../../lib/auth-session.ts';
import { createCodeFlow, type AuthModule } from './code-flow.ts';
import { createImplicitFlow } from './implicit-flow.ts';

let current: AuthModule | null = null;

/** Builds the sign-in module chosen by config.oidc.responseType and registers it for the api client. */
export async function initAuth(cfg: RuntimeConfig): Promise<AuthModule> {
  current = cfg.oidc.responseType === 'id_token token' ? createImplicitFlow(cfg) : await createCodeFlow(cfg);
  setAuthSession(current.session);
  return current;
}

export function authModule(): AuthModule {
  if (!current) throw new Error('auth not initialised');
  return current;
}
