import { z } from 'zod';

import { oneOf } from '../envelope.ts';
import { route } from './route.ts';

/**
 * The integration API: an external system pushes its processes, tasks and copies so they show
 * in members' lists. Items are addressed by the system's own ids, scoped to the calling system: one system can
 * never see or change another's. Callers are system clients (client_credentials tokens); members get 403.
 */

/** A system's own id of an item: letters, digits and `-_.:`, as most systems' keys are. */
const externalId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only');
/** A user in our directory, by account or id. */
const userRef = z.string().min(1).max(64);
/** A link into the system: absolute, http or https (it opens from the portal in a new tab). */
const absoluteUrl = z
  .string()
  .max(2000)
  .url()
  .regex(/^https?:\/\//i, 'an absolute http(s) URL');
/** A label in both languages, or one string for both. */
const label = z.union([
  z.string().min(1).max(200),
  z.object({ zh: z.string().min(1).max(200), en: z.string().max(200).default('') }),
]);

export const externalIdParams = z.object({ externalId });

export const ExternalProcessStatus = z.enum(['doing', 'completed', 'rejected', 'withdrawn']);

export const putExternalProcessBodySchema = z.object({
  /** The app's code: an app of the calling system. */
  app: z.string().min(1).max(64),
  /** Who started it (account or id); it shows in their doing/done lists. */
  owner: userRef,
  name: z.string().min(1).max(200),
  uri: absoluteUrl,
  status: ExternalProcessStatus.default('doing'),
  /** Form data shown in the process's detail (flat values read best). */
  data: z.record(z.string(), z.unknown()).default({}),
});
export type PutExternalProcessBody = z.infer<typeof putExternalProcessBodySchema>;

export const ExternalAction = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/),
  name: label,
});

export const putExternalTaskBodySchema = z
  .object({
    /** The system's id of the task's process (pushed before). */
    process: externalId,
    assignee: userRef,
    name: z.string().min(1).max(200),
    uri: absoluteUrl,
    status: z.enum(['todo', 'done', 'cancelled']).default('todo'),
    /** Actions members may take from the portal; needs `callbackUrl`. Without them the task opens `uri`. */
    actions: z.array(ExternalAction).max(10).default([]),
    /**
     * Where the portal POSTs a member's action (docs/integration.md, "Callbacks"): under the system's registered base
     * URL (same scheme, host and port, at or below its path), without credentials; anything else is refused (422).
     */
    callbackUrl: absoluteUrl.optional(),
    /** When `done`: who acted (account or id; the assignee if left out) and the action's name for the timeline. */
    actor: userRef.optional(),
    actionName: z.string().max(200).default(''),
  })
  .refine((b) => b.actions.length === 0 || b.callbackUrl !== undefined, {
    message: 'actions need a callbackUrl',
    path: ['callbackUrl'],
  });
export type PutExternalTaskBody = z.infer<typeof putExternalTaskBodySchema>;

export const closeExternalProcessBodySchema = z.object({
  status: z.enum(['completed', 'rejected', 'withdrawn']),
});

export const putExternalCcBodySchema = z.object({
  /** Users the process is copied to (account or id); adding someone already copied changes nothing. */
  users: z.array(userRef).min(1).max(100),
});

export const ExternalProcess = z.object({
  id: z.string(),
  externalId: z.string(),
  entry: z.string(),
  status: ExternalProcessStatus,
  uri: z.string(),
});
export type ExternalProcess = z.infer<typeof ExternalProcess>;

export const ExternalTask = z.object({
  id: z.string(),
  externalId: z.string(),
  processId: z.string(),
  status: z.enum(['todo', 'done', 'cancelled']),
});
export type ExternalTask = z.infer<typeof ExternalTask>;

export const CallbackSecret = z.object({
  secret: z.string(),
  /** Until when (seconds) deliveries also carry a signature with the previous secret. */
  previousValidUntil: z.number().int().nullable(),
});

const ITEM_ERRORS = ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] as const;

export const putExternalProcessRoute = route({
  operationId: 'putExternalProcess',
  summary: 'Create or update a process of the calling system (by its own id)',
  method: 'PUT',
  path: '/api/integration/processes/:externalId',
  scope: 'process_edit',
  encoding: 'json',
  tag: 'integration',
  params: externalIdParams,
  body: putExternalProcessBodySchema,
  reply: oneOf(ExternalProcess),
  errors: ITEM_ERRORS,
});

export const closeExternalProcessRoute = route({
  operationId: 'closeExternalProcess',
  summary: 'Finish or cancel a process of the calling system; its open tasks are cancelled',
  method: 'POST',
  path: '/api/integration/processes/:externalId/close',
  scope: 'process_edit',
  encoding: 'json',
  tag: 'integration',
  params: externalIdParams,
  body: closeExternalProcessBodySchema,
  reply: oneOf(ExternalProcess),
  errors: ITEM_ERRORS,
});

export const putExternalCcRoute = route({
  operationId: 'copyExternalProcess',
  summary: 'Copy a process of the calling system to users (their copied-to-me list)',
  method: 'PUT',
  path: '/api/integration/processes/:externalId/cc',
  scope: 'process_edit',
  encoding: 'json',
  tag: 'integration',
  params: externalIdParams,
  body: putExternalCcBodySchema,
  reply: oneOf(ExternalProcess),
  errors: ITEM_ERRORS,
});

export const putExternalTaskRoute = route({
  operationId: 'putExternalTask',
  summary: 'Create or update a task of the calling system (by its own id)',
  method: 'PUT',
  path: '/api/integration/tasks/:externalId',
  scope: 'task_edit',
  encoding: 'json',
  tag: 'integration',
  params: externalIdParams,
  body: putExternalTaskBodySchema,
  reply: oneOf(ExternalTask),
  errors: [...ITEM_ERRORS, 'CALLBACK_URL_REFUSED'],
});

export const rotateCallbackSecretRoute = route({
  operationId: 'rotateCallbackSecret',
  summary: 'A new secret for signing callbacks to the calling system (shown once)',
  method: 'POST',
  path: '/api/integration/callback-secret',
  scope: 'process_edit',
  tag: 'integration',
  reply: oneOf(CallbackSecret),
  errors: ['FORBIDDEN'],
});
