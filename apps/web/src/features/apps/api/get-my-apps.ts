import { useQuery } from '@tanstack/react-query';
import type { App } from '@service-hall/contracts';
import { listAppsRoute } from '@service-hall/contracts/lite';
import { call } from '../../../lib/call.ts';
import { authSession } from '../../../lib/auth-session.ts';
import { loadGlyphs } from '../common/app-glyph.tsx';

export const myAppsKey = ['apps', 'mine'] as const;

/** GET /me/apps: the catalogue the user may start (with its tiles' icons loaded, so they draw at once). */
export async function getMyApps(): Promise<App[]> {
  const apps = (await call(listAppsRoute)).entities;
  await loadGlyphs(apps.map((a) => a.icon));
  return apps;
}

export function useMyApps() {
  return useQuery({ queryKey: myAppsKey, queryFn: getMyApps, enabled: authSession().isSignedIn(), staleTime: 5 * 60_000 });
}
