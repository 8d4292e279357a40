import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AdminGuideFields } from '@service-hall/contracts';
import {
  createAdminGuideRoute,
  editAdminGuideRoute,
  listAdminGuidesRoute,
  publishAdminGuideRoute,
} from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const adminGuidesKey = ['admin', 'guides'] as const;

export const useAdminGuides = () => useQuery({ queryKey: adminGuidesKey, queryFn: () => call(listAdminGuidesRoute) });

function useGuideMutation<V, R>(run: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  // Members' guide pages and search in this browser show the change too.
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin' || q.queryKey[1] === 'guides' }),
  });
}

/** Saves a guide's content: a new draft (no id) or a change; answers the guide's id. */
export const useSaveGuide = () =>
  useGuideMutation(async ({ id, fields }: { id?: string; fields: AdminGuideFields }) => {
    if (id) {
      await call(editAdminGuideRoute, { params: { id }, body: fields });
      return id;
    }
    return (await call(createAdminGuideRoute, { body: fields })).id;
  });

export const usePublishGuide = () =>
  useGuideMutation(({ id, published }: { id: string; published: boolean }) =>
    call(publishAdminGuideRoute, { params: { id }, body: { published } }),
  );
