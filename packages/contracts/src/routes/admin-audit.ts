import { z } from 'zod';

import { listOf } from '../envelope.ts';
import { route } from './route.ts';

/** One administrative change as the audit page shows it. */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.number().int(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const auditQuerySchema = z.object({
  actor: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  targetType: z.string().max(64).optional(),
  targetId: z.string().max(80).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  offset: z.coerce.number().int().min(0).default(0),
  /** Up to 5000, so the CSV export takes one call. */
  limit: z.coerce.number().int().min(1).max(5000).default(50),
});

export const listAuditRoute = route({
  operationId: 'listAuditLog',
  summary: 'The audit log, newest first, filtered (system administrators)',
  method: 'GET',
  path: '/api/admin/audit',
  scope: 'app',
  tag: 'admin',
  query: auditQuerySchema,
  reply: listOf(AuditEntry),
  errors: ['FORBIDDEN'],
});
