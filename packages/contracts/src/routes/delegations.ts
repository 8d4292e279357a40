import { z } from 'zod';

import { Delegation } from '../entities.ts';
import { listOf, nothing, oneOf } from '../envelope.ts';
import { createDelegationBodySchema } from '../queries.ts';
import { route } from './route.ts';

const userParams = z.object({ userId: z.string().min(1).max(64) });

/** Delegations: the path's userId is the caller's id or account. */
export const listEntrusteesRoute = route({
  operationId: 'listGivenDelegations',
  summary: 'Delegations I gave (who handles my tasks)',
  method: 'GET',
  path: '/api/user/:userId/entrustees',
  scope: 'entrust',
  tag: 'workflow',
  params: userParams,
  reply: listOf(Delegation),
  errors: ['FORBIDDEN'],
});

export const listEntrustersRoute = route({
  operationId: 'listReceivedDelegations',
  summary: 'Delegations I received (whose tasks I handle)',
  method: 'GET',
  path: '/api/user/:userId/entrusters',
  scope: 'entrust',
  tag: 'workflow',
  params: userParams,
  reply: listOf(Delegation),
  errors: ['FORBIDDEN'],
});

export const createDelegationRoute = route({
  operationId: 'createDelegation',
  summary: 'Delegate my tasks (of one app or all) to someone for a time',
  method: 'POST',
  path: '/api/user/:userId/entrustees',
  scope: 'entrust_edit',
  encoding: 'form',
  tag: 'workflow',
  params: userParams,
  body: createDelegationBodySchema,
  reply: oneOf(Delegation),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const deleteDelegationRoute = route({
  operationId: 'deleteDelegation',
  summary: 'End a delegation I gave',
  method: 'DELETE',
  path: '/api/user/:userId/entrustees/:id',
  scope: 'entrust_edit',
  tag: 'workflow',
  params: userParams.extend({ id: z.string().min(1).max(64) }),
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const declineDelegationRoute = route({
  operationId: 'declineDelegation',
  summary: 'Decline a delegation made to me (its delegator is told live)',
  method: 'DELETE',
  path: '/api/user/:userId/entrusters/:id',
  scope: 'entrust_edit',
  tag: 'workflow',
  params: userParams.extend({ id: z.string().min(1).max(64) }),
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
