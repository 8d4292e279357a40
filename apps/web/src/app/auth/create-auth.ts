import type { RuntimeConfig } from '@service-hall/contracts';
import { setAuthSession } from '../../lib/auth-session.ts';
import type { AuthModule } from './code-flow.ts';

let current: AuthModule | null = null;

/**
 * Builds the sign-in module chosen by config.oidc.responseType and registers it for the api client. Each flow
 * is its own chunk: a deployment only downloads oidc-client-ts or jose, not both.
 */
export async function initAuth(cfg: RuntimeConfig): Promise<AuthModule> {
  current =
    cfg.oidc.responseType === 'id_token token'
      ? (await import('./implicit-flow.ts')).createImplicitFlow(cfg)
      : await (await import('./code-flow.ts')).createCodeFlow(cfg);
  setAuthSession(current.session);
  return current;
}

export function authModule(): AuthModule {
  if (!current) throw new Error('auth not initialised');
  return current;
}
