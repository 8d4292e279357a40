import { ProcessDetail, ProcessListItem } from '../entities.ts';
import { listOf, oneOf } from '../envelope.ts';
import {
  ccQuerySchema,
  doingQuerySchema,
  doneQuerySchema,
  guestQuerySchema,
  idParamSchema,
  processActionBodySchema,
  startProcessBodySchema,
  userPathSchema,
} from '../queries.ts';
import { postTwin, route } from './route.ts';

/**
 * Processes: start one, read one, act on one (read/rate/withdraw), and the doing/done/completed/cc/guest lists —
 * mine under /api/me, a user's under /api/user/{userId} (the userId rule), each also readable by POST.
 */
export const startProcessRoute = route({
  operationId: 'startProcess',
  summary: 'Start a process of a built-in app with the form data (for `userId` when allowed)',
  method: 'PUT',
  path: '/api/process',
  scope: 'submit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  body: startProcessBodySchema,
  reply: oneOf(ProcessDetail),
  errors: ['NOT_FOUND', 'USER_ID_FORBIDDEN', 'APP_NOT_VISIBLE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
});

export const getProcessRoute = route({
  operationId: 'getProcess',
  summary:
    "One process, by id or by its serial number (entry), with its form data, steps, copies and the caller's open task",
  method: 'GET',
  path: '/api/process/:id',
  scope: 'process',
  tag: 'workflow',
  params: idParamSchema,
  reply: oneOf(ProcessDetail),
  errors: ['NOT_FOUND'],
});

export const actOnProcessRoute = route({
  operationId: 'actOnProcess',
  summary: "Mark a copied process read, rate a finished one, or withdraw one's own",
  method: 'POST',
  path: '/api/process/:id',
  scope: 'process_edit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  params: idParamSchema,
  body: processActionBodySchema,
  reply: oneOf(ProcessDetail),
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
});

const listErrors = ['USER_ID_FORBIDDEN', 'NOT_FOUND'] as const;

export const listDoingRoute = route({
  operationId: 'listDoingProcesses',
  summary: 'Processes I started or acted on that are still running',
  method: 'GET',
  path: '/api/me/processes/doing',
  scope: 'process',
  tag: 'workflow',
  query: doingQuerySchema,
  reply: listOf(ProcessListItem),
  errors: listErrors,
});

export const listDoneRoute = route({
  operationId: 'listDoneProcesses',
  summary: 'Finished processes I started or acted on (any outcome)',
  method: 'GET',
  path: '/api/me/processes/done',
  scope: 'process',
  tag: 'workflow',
  query: doneQuerySchema,
  reply: listOf(ProcessListItem),
  errors: listErrors,
});

/** The other vendor's name of the done list (docs/adr/0017-compatibility-with-other-workflow-api-clients.md): the same list. */
export const listCompletedRoute = route({
  ...listDoneRoute,
  operationId: 'listCompletedProcesses',
  summary: 'Finished processes I started or acted on: the same list as done, under the name other clients use',
  path: '/api/me/processes/completed',
});

export const listCcRoute = route({
  operationId: 'listCopiedProcesses',
  summary: 'Processes copied to me',
  method: 'GET',
  path: '/api/me/processes/cc',
  scope: 'process',
  tag: 'workflow',
  query: ccQuerySchema,
  reply: listOf(ProcessListItem),
  errors: listErrors,
});

export const listGuestRoute = route({
  operationId: 'listMyApplications',
  summary: 'Processes I applied for, by status and time',
  method: 'GET',
  path: '/api/me/processes/guest',
  scope: 'process',
  tag: 'workflow',
  query: guestQuerySchema,
  reply: listOf(ProcessListItem),
});

/** A list of /api/me/processes/… for the user in the path (`/api/user/{userId}/processes/…`). */
const forUser = (c: { operationId: string; summary: string }, list: string) => ({
  operationId: c.operationId.replace(/^list/, 'listUser'),
  summary: `${c.summary} — for the user in the path (me, or whom I may view)`,
  path: `/api/user/:userId/processes/${list}`,
  params: userPathSchema,
});

export const listUserDoingRoute = route({
  ...listDoingRoute,
  ...forUser(listDoingRoute, 'doing'),
  query: doingQuerySchema.omit({ userId: true }),
});
export const listUserDoneRoute = route({
  ...listDoneRoute,
  ...forUser(listDoneRoute, 'done'),
  query: doneQuerySchema.omit({ userId: true }),
});
export const listUserCompletedRoute = route({
  ...listCompletedRoute,
  ...forUser(listCompletedRoute, 'completed'),
  query: doneQuerySchema.omit({ userId: true }),
});
export const listUserCcRoute = route({
  ...listCcRoute,
  ...forUser(listCcRoute, 'cc'),
  query: ccQuerySchema.omit({ userId: true }),
});

export const listDoingByPostRoute = postTwin(listDoingRoute);
export const listDoneByPostRoute = postTwin(listDoneRoute);
export const listCompletedByPostRoute = postTwin(listCompletedRoute);
export const listCcByPostRoute = postTwin(listCcRoute);
export const listGuestByPostRoute = postTwin(listGuestRoute);
export const listUserDoingByPostRoute = postTwin(listUserDoingRoute);
export const listUserDoneByPostRoute = postTwin(listUserDoneRoute);
export const listUserCompletedByPostRoute = postTwin(listUserCompletedRoute);
export const listUserCcByPostRoute = postTwin(listUserCcRoute);
