import { useQuery } from '@tanstack/react-query';

import type { DirectoryUser } from '@service-hall/contracts';
import { searchUsersRoute } from '@service-hall/contracts/lite';

import { call } from '../http/call.ts';

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

/** How a person reads in a picker: name, account and department. */
export function personLabel(u: DirectoryUser): string {
  return `${u.name} · ${u.account}${u.department ? ` · ${u.department}` : ''}`;
}

/**
 * The directory entry of an account already chosen before the picker opened (a restored draft, a resubmission):
 * searched by the account and matched exactly, so the picker names the person instead of showing the account.
 */
export function usePersonByAccount(account: string | undefined): DirectoryUser | undefined {
  const found = useSearchUsers(account ?? '');
  return account ? found.data?.find((u) => u.account === account) : undefined;
}
