import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AdminTemplate, LOOK_IMAGE_KINDS } from '@service-hall/contracts';
import {
  getAdminLookRoute,
  saveAdminTemplateRoute,
  saveInstitutionRoute,
  saveLookImageRoute,
} from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const adminLookKey = ['admin', 'look'] as const;

export const useAdminLook = () => useQuery({ queryKey: adminLookKey, queryFn: () => call(getAdminLookRoute) });

function useLookMutation<V>(run: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  // The member's home page in this browser (template, images) follows at once.
  return useMutation({
    mutationFn: run,
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin' || q.queryKey[1] === 'look' }),
  });
}

export const useSaveTemplate = () => useLookMutation((t: AdminTemplate) => call(saveAdminTemplateRoute, { body: t }));
export const useSaveInstitution = () =>
  useLookMutation((n: { name: string; name_en: string }) => call(saveInstitutionRoute, { body: n }));
export const useSaveLookImage = () =>
  useLookMutation((v: { kind: (typeof LOOK_IMAGE_KINDS)[number]; url: string | null }) =>
    call(saveLookImageRoute, { body: v }),
  );
