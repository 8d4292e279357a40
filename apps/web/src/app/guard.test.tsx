import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RuntimeConfig } from '@service-hall/contracts';

import { setAuthSession } from '../lib/auth/auth-session.ts';
import { setRuntimeConfig } from '../lib/config/runtime-config.ts';
import { Guard, type Access } from './guard.tsx';

const cfg = (publicMode: boolean) =>
  ({
    basePath: '/',
    apiBase: '/api',
    taskCentreBase: '',
    taskApi: null,
    guideBus: '/bus/graphql',
    eventsUrl: '',
    oidc: { authority: '/oidc', clientId: 'c', responseType: 'code', scope: 'openid' },
    publicMode,
    version: 't',
  }) as RuntimeConfig;

function setup(opts: { signedIn: boolean; publicMode: boolean; path: string; access: Access }) {
  setRuntimeConfig(cfg(opts.publicMode));
  const signIn = vi.fn(async () => {});
  setAuthSession({
    getAccessToken: () => (opts.signedIn ? 't' : null),
    isSignedIn: () => opts.signedIn,
    signIn,
    signOut: async () => {},
  });
  const router = createMemoryRouter(
    [
      { path: '/workflow/home', element: <p>home page</p> },
      {
        path: '*',
        element: (
          <Guard access={opts.access}>
            <p>protected page</p>
          </Guard>
        ),
      },
    ],
    { initialEntries: [opts.path] },
  );
  render(<RouterProvider router={router} />);
  return { signIn, router };
}

afterEach(cleanup);

describe('route guard (docs/product.md §2)', () => {
  it('lets a signed-in user through', () => {
    setup({ signedIn: true, publicMode: false, path: '/workflow/todo', access: 'auth' });
    expect(screen.getByText('protected page')).toBeTruthy();
  });
  it('stores the target and starts sign-in when signed out', () => {
    const { signIn } = setup({ signedIn: false, publicMode: false, path: '/workflow/todo?x=1', access: 'auth' });
    expect(screen.queryByText('protected page')).toBeNull();
    expect(signIn).toHaveBeenCalledWith('/workflow/todo?x=1');
  });
  it('public pages need sign-in while public mode is off', () => {
    const { signIn } = setup({ signedIn: false, publicMode: false, path: '/workflow/home2', access: 'publicMode' });
    expect(signIn).toHaveBeenCalled();
  });
  it('public mode opens home/appallHome and sends the apps route to home', () => {
    setup({ signedIn: false, publicMode: true, path: '/workflow/appallHome', access: 'publicMode' });
    expect(screen.getByText('protected page')).toBeTruthy();
    cleanup();
    const { router } = setup({ signedIn: false, publicMode: true, path: '/workflow/index', access: 'apps' });
    expect(router.state.location.pathname).toBe('/workflow/home');
  });
});
