import type { FastifyRequest } from 'fastify';

import {
  createClientRoute,
  createSystemRoute,
  editClientRoute,
  editSystemRoute,
  listClientsRoute,
  listSystemsRoute,
  rotateClientSecretRoute,
  rotateSystemCallbackSecretRoute,
} from '@service-hall/contracts';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { loadAdminSubject, type AdminContext } from '../admin/admin-context.ts';
import { assertAuthorized } from '../admin/admin-policy.ts';
import { createClient, editClient, listClients, rotateClientSecret } from './manage-clients.ts';
import { createSystem, editSystem, rotateSystemCallbackSecret } from './manage-systems.ts';
import { loadSystems } from './presenters.ts';

/** The administrative context of an API request: who acts (policy view), the clock, the request id for the audit. */
async function adminContext(ctx: AppContext, user: AuthUser, request: FastifyRequest): Promise<AdminContext> {
  return { db: ctx.db, now: ctx.now, actor: await loadAdminSubject(ctx.db, user), requestId: request.id };
}

/**
 * Systems and registered clients, for system administrators only. A change to a client or a
 * system is forgotten by this instance's client cache at once (others within its 15 seconds).
 */
export const integrationAdminRoutes = [
  defineRoute(listSystemsRoute, (ctx) => async ({ user, request }) => {
    assertAuthorized((await adminContext(ctx, user, request)).actor, 'integration.manage');
    const entities = await loadSystems(ctx.db, ctx.now());
    return { total: entities.length, entities };
  }),

  defineRoute(createSystemRoute, (ctx) => async ({ user, request, body }) => {
    const { id, ...input } = body;
    return createSystem(await adminContext(ctx, user, request), id, input);
  }),

  defineRoute(editSystemRoute, (ctx) => async ({ user, request, params, body }) => {
    const system = await editSystem(await adminContext(ctx, user, request), params.id, body);
    request.server.clientRegistry.forget();
    return system;
  }),

  defineRoute(
    rotateSystemCallbackSecretRoute,
    (ctx) =>
      async ({ user, request, params }) =>
        rotateSystemCallbackSecret(await adminContext(ctx, user, request), params.id),
  ),

  defineRoute(listClientsRoute, (ctx) => async ({ user, request, query }) => {
    const entities = await listClients(await adminContext(ctx, user, request), query.systemId);
    return { total: entities.length, entities };
  }),

  defineRoute(createClientRoute, (ctx) => async ({ user, request, body }) => {
    const client = await createClient(await adminContext(ctx, user, request), body, [ctx.config.oidcClientId]);
    request.server.clientRegistry.forget(client.clientId);
    return client;
  }),

  defineRoute(editClientRoute, (ctx) => async ({ user, request, params, body }) => {
    const client = await editClient(await adminContext(ctx, user, request), params.clientId, body);
    request.server.clientRegistry.forget(client.clientId);
    return client;
  }),

  defineRoute(
    rotateClientSecretRoute,
    (ctx) =>
      async ({ user, request, params }) =>
        rotateClientSecret(await adminContext(ctx, user, request), params.clientId),
  ),
];
