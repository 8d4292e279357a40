import type { FieldProps } from '@rjsf/utils';

import { AttachmentField } from '../../../attachments/desktop/attachment-field.tsx';
import { PendingAttachmentField } from './pending-attachment-field.tsx';

/**
 * An attachment field on desktop: the upload widget when the form is an application for an app (formContext.appCode,
 * set by the apply page); in the designer's preview, where nothing is applied for, a note where the files will go.
 */
export function AttachmentKindField(props: FieldProps) {
  const context = props.registry.formContext as { appCode?: string } | undefined;
  return context?.appCode ? (
    <AttachmentField {...(props as unknown as Parameters<typeof AttachmentField>[0])} />
  ) : (
    <PendingAttachmentField {...props} />
  );
}
