import { z } from 'zod';

import { listOf, nothing, oneOf } from '../envelope.ts';
import { MAX_KEYWORD_LENGTH, MAX_REMARK_LENGTH } from '../queries.ts';
import { route } from './route.ts';

/**
 * Process administration: the processes of the apps one administers — a system administrator's
 * are every app's — searched, a stuck task handed to someone else, a process cancelled. Anyone else: 403.
 */

export const AdminOpenTask = z.object({
  id: z.string(),
  name: z.string(),
  assigneeId: z.string(),
  /** The assignee's name in the caller's language. */
  assignee: z.string(),
  assignTime: z.number().int(),
});

export const AdminProcess = z.object({
  id: z.string(),
  entry: z.string(),
  name: z.string(),
  appId: z.string(),
  app: z.string(),
  status: z.enum(['doing', 'completed', 'rejected', 'withdrawn']),
  applicantId: z.string(),
  applicant: z.string(),
  applicantAccount: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  openTasks: z.array(AdminOpenTask),
  /**
   * The external system that pushed this process and runs it (name in the caller's language); null for a process
   * of ours. The console cannot cancel or reassign a pushed one (409): the system does that.
   */
  pushedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminProcess = z.infer<typeof AdminProcess>;

/** An app in the processes page's filter: one the caller administers. */
export const AdministeredApp = z.object({ id: z.string(), name: z.string() });

const keyword = z
  .string()
  .trim()
  .max(MAX_KEYWORD_LENGTH)
  .optional()
  .transform((v) => v || undefined);
const seconds = z.coerce.number().int().min(0).max(99_999_999_999);

export const adminProcessesQuerySchema = z.object({
  /** Part of the entry (serial number) or of the process's name. */
  keyword,
  /** Part of the applicant's account or name. */
  applicant: keyword,
  status: z.enum(['doing', 'completed', 'rejected', 'withdrawn']).optional(),
  appId: z.string().min(1).max(64).optional(),
  /** Started at or after, in seconds. */
  from: seconds.optional(),
  /** Started before, in seconds. */
  to: seconds.optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const reason = z.string().max(MAX_REMARK_LENGTH);
const common = { tag: 'admin', encoding: 'json' } as const;

export const listAdminProcessesRoute = route({
  ...common,
  operationId: 'adminListProcesses',
  summary: 'Processes of the apps I administer, newest first, by entry, applicant, status, app and start date',
  method: 'GET',
  path: '/api/admin/processes',
  scope: 'process',
  query: adminProcessesQuerySchema,
  reply: listOf(AdminProcess),
  errors: ['FORBIDDEN'],
});

export const listAdminProcessAppsRoute = route({
  ...common,
  operationId: 'adminListProcessApps',
  summary: 'The apps whose processes I administer',
  method: 'GET',
  path: '/api/admin/processes/apps',
  scope: 'process',
  reply: listOf(AdministeredApp),
  errors: ['FORBIDDEN'],
});

export const reassignAdminTaskRoute = route({
  ...common,
  operationId: 'adminReassignTask',
  summary: 'Hand an open task to another person, with a reason (in the timeline; the new assignee is told live)',
  method: 'POST',
  path: '/api/admin/tasks/:id/reassign',
  scope: 'process_edit',
  params: z.object({ id: z.string().min(1).max(100) }),
  body: z.object({ toUserId: z.string().min(1).max(64), reason }),
  reply: oneOf(z.object({ taskId: z.string() })),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TASK_ALREADY_HANDLED'],
});

export const cancelAdminProcessRoute = route({
  ...common,
  operationId: 'adminCancelProcess',
  summary: 'End a running process, with a reason (it ends as withdrawn)',
  method: 'POST',
  path: '/api/admin/processes/:id/cancel',
  scope: 'process_edit',
  params: z.object({ id: z.string().min(1).max(100) }),
  body: z.object({ reason }),
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});
