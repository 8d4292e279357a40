import { z } from 'zod';

import { ProcessDetail } from '../entities.ts';
import { oneOf } from '../envelope.ts';
import { idParamSchema, MAX_REMARK_LENGTH } from '../queries.ts';
import { route } from './route.ts';

/**
 * Approval powers: 转办, 加签, 退回 and 驳回 on one's open task, 催办 on one's own process. Each
 * answers the process as the caller now sees it; a refusal changes nothing.
 */
const reason = z.string().max(MAX_REMARK_LENGTH);
const userId = z.string().min(1).max(64);
const common = ['NOT_FOUND', 'FORBIDDEN', 'TASK_ALREADY_HANDLED', 'REASON_REQUIRED'] as const;

export const transferTaskBodySchema = z.object({ toUserId: userId, reason });
export const addSignerBodySchema = z.object({
  signerId: userId,
  position: z.enum(['before', 'after']),
  remark: z.string().max(MAX_REMARK_LENGTH).default(''),
});
export const returnTaskBodySchema = z.object({ stepId: z.string().min(1).max(64), reason });
export const rejectTaskBodySchema = z.object({ reason });

export const transferTaskRoute = route({
  operationId: 'transferTask',
  summary: 'Transfer my open task to somebody else (转办), with a reason',
  method: 'POST',
  path: '/api/task/:id/transfer',
  scope: 'task_edit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  params: idParamSchema,
  body: transferTaskBodySchema,
  reply: oneOf(ProcessDetail),
  errors: [...common, 'TRANSFER_TO_SELF', 'USER_NOT_ACTIVE', 'ALREADY_ASSIGNED'],
});

export const addSignerRoute = route({
  operationId: 'addSigner',
  summary: 'Ask somebody to sign this step before or after me (加签)',
  method: 'POST',
  path: '/api/task/:id/signers',
  scope: 'task_edit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  params: idParamSchema,
  body: addSignerBodySchema,
  reply: oneOf(ProcessDetail),
  errors: [
    'NOT_FOUND',
    'FORBIDDEN',
    'TASK_ALREADY_HANDLED',
    'USER_NOT_ACTIVE',
    'ALREADY_ASSIGNED',
    'ALREADY_SIGNED',
    'CONFLICT',
  ],
});

export const returnTaskRoute = route({
  operationId: 'returnTask',
  summary: 'Return the process to an earlier step or to the applicant (退回), with a reason',
  method: 'POST',
  path: '/api/task/:id/return',
  scope: 'task_edit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  params: idParamSchema,
  body: returnTaskBodySchema,
  reply: oneOf(ProcessDetail),
  errors: [...common, 'NOT_EARLIER_STEP', 'RETURN_FROM_COUNTERSIGN', 'CONFLICT'],
});

export const rejectTaskRoute = route({
  operationId: 'rejectTask',
  summary: 'Reject the process from my open task (驳回); a reason is required',
  method: 'POST',
  path: '/api/task/:id/reject',
  scope: 'task_edit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  params: idParamSchema,
  body: rejectTaskBodySchema,
  reply: oneOf(ProcessDetail),
  errors: [...common, 'CONFLICT'],
});

export const urgeProcessRoute = route({
  operationId: 'urgeProcess',
  summary: 'Remind the current assignees of my process (催办), at most once an hour',
  method: 'POST',
  path: '/api/process/:id/urge',
  scope: 'process_edit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  params: idParamSchema,
  reply: oneOf(ProcessDetail),
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'URGED_RECENTLY'],
});
