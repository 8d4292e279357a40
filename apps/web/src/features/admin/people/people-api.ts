import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';

import { listAdminDepartmentsRoute, listAdminRolesRoute, listAdminUsersRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/** Query keys of the people pages: every change invalidates them all (counts and names cross pages). */
export const peopleKey = ['admin', 'people'] as const;

export interface UserQuery {
  keyword?: string;
  departmentId?: string;
  role?: string;
  start: number;
  limit: number;
}

export const useAdminUsers = (q: UserQuery) =>
  useQuery({
    queryKey: [...peopleKey, 'users', q, i18next.language],
    queryFn: () => call(listAdminUsersRoute, { query: q }),
    placeholderData: (previous) => previous,
  });

export const useDepartments = () =>
  useQuery({
    queryKey: [...peopleKey, 'departments', i18next.language],
    queryFn: async () => (await call(listAdminDepartmentsRoute)).entities,
  });

export const useRoles = () =>
  useQuery({
    queryKey: [...peopleKey, 'roles'],
    queryFn: async () => (await call(listAdminRolesRoute)).entities,
  });

/** A role's name in the UI language. */
export const roleName = (r: { code: string; name: string; nameEn: string }) =>
  i18next.language === 'en' && r.nameEn ? r.nameEn : r.name;
