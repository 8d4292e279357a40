import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AdminAppFields } from '@service-hall/contracts';
import {
  createAdminAppRoute,
  editAdminAppRoute,
  listAdminAppsRoute,
  reorderAdminAppsRoute,
  retireAdminAppRoute,
} from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const adminAppsKey = ['admin', 'apps'] as const;

/** The apps the caller administers, retired ones too. */
export const useAdminApps = () => useQuery({ queryKey: adminAppsKey, queryFn: () => call(listAdminAppsRoute) });

/** Every catalogue change refreshes the console's list and the member-side catalogue this browser holds. */
function useCatalogueMutation<V>(run: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin' || q.queryKey[1] === 'apps' }),
  });
}

/** Creates an app (no id) or changes one. */
export const useSaveApp = () =>
  useCatalogueMutation(({ id, fields }: { id?: string; fields: AdminAppFields }) =>
    id ? call(editAdminAppRoute, { params: { id }, body: fields }) : call(createAdminAppRoute, { body: fields }),
  );

export const useRetireApp = () =>
  useCatalogueMutation(({ id, retired }: { id: string; retired: boolean }) =>
    call(retireAdminAppRoute, { params: { id }, body: { retired } }),
  );

export const useReorderApps = () =>
  useCatalogueMutation((ids: string[]) => call(reorderAdminAppsRoute, { body: { ids } }));
