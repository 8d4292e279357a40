import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  exportDefinitionRoute,
  getDefinitionTemplateRoute,
  getDefinitionVersionsRoute,
  listDefinitionsRoute,
  listDefinitionTemplatesRoute,
  publishDefinitionRoute,
} from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const adminDefinitionsKey = ['admin', 'definitions'] as const;

export const useDefinitions = () =>
  useQuery({ queryKey: adminDefinitionsKey, queryFn: () => call(listDefinitionsRoute) });

export const useDefinitionTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: [...adminDefinitionsKey, 'templates'],
    queryFn: () => call(listDefinitionTemplatesRoute),
    enabled,
  });

export const useDefinitionVersions = (code: string | null) =>
  useQuery({
    queryKey: [...adminDefinitionsKey, 'versions', code],
    queryFn: () => call(getDefinitionVersionsRoute, { params: { code: code! } }),
    enabled: code !== null,
  });

/** A stored version's JSON (the editor's start, and the export). */
export const fetchDefinitionJson = (code: string, version: number) =>
  call(exportDefinitionRoute, { params: { code, version } });

export const fetchTemplateJson = (code: string) => call(getDefinitionTemplateRoute, { params: { code } });

/** Publishes (or, with dryRun, checks) a definition; the list and its versions show the new one. */
export function usePublishDefinition() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      definition,
      dryRun,
      idempotencyKey,
    }: {
      definition: Record<string, unknown>;
      dryRun: boolean;
      idempotencyKey: string;
    }) => call(publishDefinitionRoute, { body: { definition, dryRun } }, { idempotencyKey }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminDefinitionsKey }),
  });
}
