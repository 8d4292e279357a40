import { deleteAttachmentRoute, downloadAttachmentRoute, uploadAttachmentRoute } from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { deleteAttachment, downloadAttachment } from './download-attachment.ts';
import { uploadAttachment } from './upload-attachment.ts';

/** The upload, registered with the multipart parser in its own scope (attachments-plugin.ts). */
export const uploadRoute = defineRoute(
  uploadAttachmentRoute,
  (ctx) =>
    ({ user, query, request }, onCommit) =>
      uploadAttachment(ctx, user, request, {
        code: query.code,
        field: query.field,
        userId: query.userId,
        now: ctx.now(),
        onCommit,
      }),
);

/** Download and delete of attachments. */
export const attachmentsRoutes = [
  // The bytes are sent by the handler itself (define-route returns a reply already sent as it is).
  defineRoute(
    downloadAttachmentRoute,
    (ctx) =>
      async ({ user, params, reply }) =>
        (await downloadAttachment(ctx, user, params.id, reply, ctx.now())) as unknown as string,
  ),

  defineRoute(
    deleteAttachmentRoute,
    (ctx) =>
      ({ user, params }) =>
        deleteAttachment(ctx, user, params.id),
  ),
];
