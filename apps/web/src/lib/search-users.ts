import { useQuery } from '@tanstack/react-query';
import type { DirectoryUser } from '@service-hall/contracts';
import { searchUsersRoute } from '@service-hall/contracts/lite';
import { call } from './call.ts';

/** GET /api/users?keyword= — directory search for picking a person (a delegate, a new approver, a signer). */
export async function searchUsers(keyword: string, signal?: AbortSignal): Promise<DirectoryUser[]> {
  return (await call(searchUsersRoute, { query: { keyword, limit: 20 } }, { signal })).entities;
}

export function useSearchUsers(keyword: string) {
  const k = keyword.trim();
  return useQuery({
    queryKey: ['directory', k] as const,
    queryFn: ({ signal }) => searchUsers(k, signal),
    enabled: k.length > 0,
    staleTime: 60_000,
  });
}
