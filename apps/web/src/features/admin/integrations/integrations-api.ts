import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  createClientRoute,
  createSystemRoute,
  editClientRoute,
  editSystemRoute,
  listClientsRoute,
  listSystemsRoute,
  rotateClientSecretRoute,
  rotateSystemCallbackSecretRoute,
  type CallInput,
} from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/** Query keys of the integrations page: every change refreshes systems and clients (counts cross them). */
export const integrationsKey = ['admin', 'integrations'] as const;

export const useSystems = () =>
  useQuery({
    queryKey: [...integrationsKey, 'systems'],
    queryFn: async () => (await call(listSystemsRoute)).entities,
  });

export const useClients = () =>
  useQuery({
    queryKey: [...integrationsKey, 'clients'],
    queryFn: async () => (await call(listClientsRoute)).entities,
  });

function useIntegrationMutation<V, R>(run: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    // The console's pickers list systems too.
    onSuccess: () =>
      qc.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'admin' && ['integrations', 'choices', 'apps'].includes(String(q.queryKey[1])),
      }),
  });
}

export const useSaveSystem = () =>
  useIntegrationMutation(
    (v: {
      id?: string;
      create?: CallInput<typeof createSystemRoute>['body'];
      edit?: CallInput<typeof editSystemRoute>['body'];
    }) =>
      v.id
        ? call(editSystemRoute, { params: { id: v.id }, body: v.edit! })
        : call(createSystemRoute, { body: v.create! }),
  );

export const useCreateClient = () =>
  useIntegrationMutation((body: CallInput<typeof createClientRoute>['body']) => call(createClientRoute, { body }));

export const useEditClient = () =>
  useIntegrationMutation(({ clientId, body }: { clientId: string; body: CallInput<typeof editClientRoute>['body'] }) =>
    call(editClientRoute, { params: { clientId }, body }),
  );

export const useRotateClientSecret = () =>
  useIntegrationMutation((clientId: string) => call(rotateClientSecretRoute, { params: { clientId } }));

export const useRotateCallbackSecret = () =>
  useIntegrationMutation((id: string) => call(rotateSystemCallbackSecretRoute, { params: { id } }));
