import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';

import { listAdminProcessAppsRoute, listAdminProcessesRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const adminProcessesKey = ['admin', 'processes'] as const;

export interface ProcessQuery {
  keyword?: string;
  applicant?: string;
  status?: 'doing' | 'completed' | 'rejected' | 'withdrawn';
  appId?: string;
  from?: number;
  to?: number;
  start: number;
  limit: number;
}

export const useAdminProcesses = (q: ProcessQuery) =>
  useQuery({
    queryKey: [...adminProcessesKey, q, i18next.language],
    queryFn: () => call(listAdminProcessesRoute, { query: q }),
    placeholderData: (previous) => previous,
  });

export const useProcessApps = () =>
  useQuery({
    queryKey: [...adminProcessesKey, 'apps', i18next.language],
    queryFn: async () => (await call(listAdminProcessAppsRoute)).entities,
  });
