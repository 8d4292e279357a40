import { ProcessDetail, ProcessListItem } from '../entities.ts';
import { listOf, oneOf } from '../envelope.ts';
import {
  ccQuerySchema, doingQuerySchema, doneQuerySchema, guestQuerySchema, idParamSchema, processActionBodySchema,
  startProcessBodySchema,
} from '../queries.ts';
import { route } from './route.ts';

/** Processes: start one, read one, act on one (read/rate/withdraw), and the doing/done/cc/guest lists. */
export const startProcessRoute = route({
  operationId: 'startProcess', summary: 'Start a process of a built-in app with the form data',
  method: 'PUT', path: '/api/process', scope: 'submit', idempotent: true, encoding: 'form', tag: 'workflow',
  body: startProcessBodySchema, reply: oneOf(ProcessDetail),
  errors: ['NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
});

export const getProcessRoute = route({
  operationId: 'getProcess', summary: 'One process with its form data, steps, copies and the caller\'s open task',
  method: 'GET', path: '/api/process/:id', scope: 'process', tag: 'workflow',
  params: idParamSchema, reply: oneOf(ProcessDetail), errors: ['NOT_FOUND'],
});

export const actOnProcessRoute = route({
  operationId: 'actOnProcess', summary: 'Mark a copied process read, rate a finished one, or withdraw one\'s own',
  method: 'POST', path: '/api/process/:id', scope: 'process_edit', idempotent: true, encoding: 'form', tag: 'workflow',
  params: idParamSchema, body: processActionBodySchema, reply: oneOf(ProcessDetail),
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'],
});

export const listDoingRoute = route({
  operationId: 'listDoingProcesses', summary: 'Processes I started or acted on that are still running',
  method: 'GET', path: '/api/me/processes/doing', scope: 'process', tag: 'workflow',
  query: doingQuerySchema, reply: listOf(ProcessListItem), errors: ['FORBIDDEN'],
});

export const listDoneRoute = route({
  operationId: 'listDoneProcesses', summary: 'Finished processes I started or acted on',
  method: 'GET', path: '/api/me/processes/done', scope: 'process', tag: 'workflow',
  query: doneQuerySchema, reply: listOf(ProcessListItem), errors: ['FORBIDDEN'],
});

export const listCcRoute = route({
  operationId: 'listCopiedProcesses', summary: 'Processes copied to me',
  method: 'GET', path: '/api/me/processes/cc', scope: 'process', tag: 'workflow',
  query: ccQuerySchema, reply: listOf(ProcessListItem), errors: ['FORBIDDEN'],
});

export const listGuestRoute = route({
  operationId: 'listMyApplications', summary: 'Processes I applied for, by status and time',
  method: 'GET', path: '/api/me/processes/guest', scope: 'process', tag: 'workflow',
  query: guestQuerySchema, reply: listOf(ProcessListItem),
});
