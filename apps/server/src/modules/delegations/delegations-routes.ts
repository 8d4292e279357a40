import {
  createDelegationRoute,
  declineDelegationRoute,
  deleteDelegationRoute,
  listEntrusteesRoute,
  listEntrustersRoute,
} from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { createDelegation, deleteDelegation, listDelegations } from './manage-delegations.ts';
import { requirePathUserIsMe } from './view-as-policy.ts';

/** Delegation endpoints: the path's userId must be the caller's id or account. */
export const delegationsRoutes = [
  defineRoute(listEntrusteesRoute, (ctx) => async ({ user, params, locale }) => {
    const entities = await listDelegations(ctx.db, requirePathUserIsMe(user, params.userId), 'given', locale);
    return { total: entities.length, entities };
  }),

  defineRoute(listEntrustersRoute, (ctx) => async ({ user, params, locale }) => {
    const entities = await listDelegations(ctx.db, requirePathUserIsMe(user, params.userId), 'received', locale);
    return { total: entities.length, entities };
  }),

  defineRoute(createDelegationRoute, (ctx) => ({ user, params, body, locale }) => {
    requirePathUserIsMe(user, params.userId);
    return createDelegation(ctx.db, ctx.dialect, ctx.bus, user, body, locale, ctx.now());
  }),

  defineRoute(deleteDelegationRoute, (ctx) => async ({ user, params }) => {
    requirePathUserIsMe(user, params.userId);
    await deleteDelegation(ctx.db, ctx.bus, user, params.id, 'given', ctx.now());
  }),

  // The delegate declines a delegation made to them (anyone could otherwise be made a delegate; docs/adr/0013-hardening-against-abuse.md).
  defineRoute(declineDelegationRoute, (ctx) => async ({ user, params }) => {
    requirePathUserIsMe(user, params.userId);
    await deleteDelegation(ctx.db, ctx.bus, user, params.id, 'received', ctx.now());
  }),
];
