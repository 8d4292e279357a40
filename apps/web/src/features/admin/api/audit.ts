import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { listAuditRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  from?: number;
  to?: number;
}

/** A page of the audit log under the filters. */
export const useAudit = (filters: AuditFilters, page: number, size: number) =>
  useQuery({
    queryKey: ['admin', 'audit', filters, page, size],
    queryFn: () => call(listAuditRoute, { query: { ...filters, offset: (page - 1) * size, limit: size } }),
    placeholderData: keepPreviousData,
  });

/** Every row under the filters (up to 5000, the route's limit), for the CSV export. */
export const fetchAuditForExport = (filters: AuditFilters) =>
  call(listAuditRoute, { query: { ...filters, offset: 0, limit: 5000 } });
