import { z } from 'zod';

import { nothing, oneOf, rawBody } from '../envelope.ts';
import { route } from './route.ts';

/**
 * Attachments: a member uploads a file for an attachment field of a form before submitting it,
 * puts the answer (a reference) into the field's value, and the start (or resubmit) attaches it to the process.
 * Download is for the uploader before that, and afterwards for whoever may see the process.
 */
export const AttachmentRef = z.object({
  id: z.uuid(),
  /** The file name as the uploader's device named it. */
  name: z.string(),
  /** The MIME type found in the content (not the one the browser declared). */
  type: z.string(),
  /** Bytes. */
  size: z.number().int(),
});
export type AttachmentRef = z.infer<typeof AttachmentRef>;

export const uploadAttachmentQuerySchema = z.object({
  /** The app being applied for (as in PUT /api/process). */
  code: z.string().min(1).max(64),
  /** The attachment field of its form the file is for: that field's types and size limit apply. */
  field: z.string().min(1).max(64),
  /** Upload for this user (a system client, a delegate: the same rule as starting a process for them). */
  userId: z.string().min(1).max(64).optional(),
});

export const uploadAttachmentRoute = route({
  operationId: 'uploadAttachment',
  summary:
    "Upload one file (multipart/form-data, part `file`) for an attachment field; put the answer in the field's value to attach it",
  method: 'POST',
  path: '/api/attachment',
  scope: 'submit',
  idempotent: true,
  tag: 'workflow',
  query: uploadAttachmentQuerySchema,
  reply: oneOf(AttachmentRef),
  errors: [
    'NOT_FOUND',
    'USER_ID_FORBIDDEN',
    'ATTACHMENT_TOO_LARGE',
    'ATTACHMENT_TYPE_REFUSED',
    'ATTACHMENT_CONTENT_MISMATCH',
    'ATTACHMENT_REFUSED_BY_SCAN',
    'UNSUPPORTED_MEDIA_TYPE',
    'IDEMPOTENCY_KEY_REUSED',
    'IDEMPOTENCY_KEY_IN_USE',
    'UPLOAD_QUOTA_EXCEEDED',
    'DISK_RESERVE_REACHED',
  ],
});

export const attachmentParamSchema = z.object({ id: z.uuid() });

export const downloadAttachmentRoute = route({
  operationId: 'downloadAttachment',
  summary:
    'The file itself (pictures inline for preview, anything else as a download), for the uploader or whoever may see its process',
  method: 'GET',
  path: '/api/attachment/:id',
  scope: 'process',
  tag: 'workflow',
  params: attachmentParamSchema,
  reply: rawBody(z.string().describe("the file's bytes, with its own Content-Type")),
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});

/** The widget's remove button before submitting: the upload is deleted at once instead of waiting for the orphan sweep. */
export const deleteAttachmentRoute = route({
  operationId: 'deleteAttachment',
  summary: 'Forget one of my uploads that no process holds yet',
  method: 'DELETE',
  path: '/api/attachment/:id',
  scope: 'submit',
  tag: 'workflow',
  params: attachmentParamSchema,
  reply: nothing(),
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
