import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { authSession } from './auth-session.ts';
import { useProfile } from './profile.ts';

/** The signed-in user's profile, a token getter and sign-out (which also forgets cached data). */
export function useAuth() {
  const profile = useProfile();
  const qc = useQueryClient();
  const signOut = useCallback(async () => {
    qc.clear();
    await authSession().signOut();
  }, [qc]);
  return {
    profile: profile.data ?? null,
    profileLoading: profile.isLoading,
    signedIn: authSession().isSignedIn(),
    accessToken: () => authSession().getAccessToken(),
    signOut,
  };
}
