import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { authSession } from '../lib/auth/auth-session.ts';
import { device } from '../lib/config/device.ts';
import { runtimeConfig } from '../lib/config/runtime-config.ts';
import { PATHS } from '../lib/routing/paths.ts';

/** auth: sign-in needed; publicMode: open when public mode is on (desktop); apps/root: see docs/product.md §2 rules. */
export type Access = 'auth' | 'publicMode' | 'apps' | 'root';

function publicModeActive(): boolean {
  return runtimeConfig().publicMode && !device().mobile;
}

function SignIn({ to }: { to: string }) {
  useEffect(() => {
    void authSession()
      .signIn(to)
      .catch((e) => console.error('[auth] sign-in failed to start', e));
  }, [to]);
  return null;
}

/** Lets the page through, redirects to home (public mode) or starts sign-in, per docs/product.md §2. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const loc = useLocation();
  const signedIn = authSession().isSignedIn();
  if (signedIn) return <>{children}</>;
  const open = publicModeActive();
  if (open && (access === 'publicMode' || access === 'root')) return <>{children}</>;
  if (open && access === 'apps') return <Navigate to={PATHS.home} replace />;
  return <SignIn to={loc.pathname + loc.search} />;
}
