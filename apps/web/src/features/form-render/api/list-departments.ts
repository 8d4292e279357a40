import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { listDepartmentsRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/** GET /api/departments: every department, named in the current language — a form's department picker. */
export function useDepartments() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['departments', i18n.language] as const,
    queryFn: async ({ signal }) => (await call(listDepartmentsRoute, {}, { signal })).entities,
    staleTime: 5 * 60_000,
  });
}
