import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentType } from 'react';
import { useNavigate } from 'react-router';

import { PATHS } from '../../lib/routing/paths.ts';
import { authModule } from './create-auth.ts';
import { adoptSignInLocale } from './sign-in-locale.ts';

/** /workflow/oidcCallback: finishes sign-in, then goes to the stored path or to /signin-oidc-error. */
export function CallbackPage({ Fallback }: { Fallback: ComponentType }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice; the state is single-use, so handle the response once.
    if (started.current) return;
    started.current = true;
    authModule()
      .handleCallback()
      .then(async (to) => {
        await adoptSignInLocale().catch(() => undefined);
        // Anything fetched while signed out (page template, counts) is refetched with the new token.
        void queryClient.invalidateQueries();
        navigate(to, { replace: true });
      })
      .catch((e) => {
        console.error('[auth] sign-in callback failed', e);
        navigate(PATHS.signinError, { replace: true });
      });
  }, [navigate, queryClient]);
  return <Fallback />;
}
