import { attachmentLimits, checkAttachmentFile, describeError, type AttachmentLimits } from '@service-hall/engine/form';

type Schema = Record<string, unknown>;

/** Whether a field of the form's schema is an attachment field. */
export const isAttachmentField = (schema: Schema | undefined) => schema?.['x-kind'] === 'attachment';

/** The field's limits, as the engine reads them (the server applies the same). */
export const limitsOf = (schema: Schema): AttachmentLimits =>
  attachmentLimits(schema as Parameters<typeof attachmentLimits>[0]);

/** The `accept` attribute of a file input for these limits. */
export const acceptAttribute = (limits: AttachmentLimits) => limits.accept.join(',');

/** Short names of the accepted types for the hint under the field. */
export function acceptNames(limits: AttachmentLimits, lng: string): string {
  const names: Record<string, string> = {
    'application/pdf': 'PDF',
    'image/jpeg': 'JPG',
    'image/png': 'PNG',
    'image/webp': 'WEBP',
    'image/gif': 'GIF',
    'image/*': lng === 'en' ? 'images' : '图片',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  };
  return limits.accept.map((a) => names[a] ?? a).join(lng === 'en' ? ', ' : '、');
}

/**
 * The engine's refusal of a file before it is sent (type by what the browser says, size), in the user's language;
 * null when it may be uploaded. The server checks the content again and answers in the same words.
 */
export function fileProblem(
  schema: Schema,
  label: { zh: string; en: string },
  file: { name: string; type: string; size: number },
  lng: string,
): string | null {
  // A File's name and size are prototype getters: read them one by one (a spread would lose them).
  // Browsers leave the type empty for some files: let the server decide by content then.
  const type = file.type || 'application/octet-stream';
  const [problem] = checkAttachmentFile(
    schema as Parameters<typeof attachmentLimits>[0],
    { name: file.name, size: file.size, type },
    [],
  );
  if (!problem || (!file.type && problem.keyword === 'attachmentType')) return null;
  const text = describeError(problem, label);
  return lng === 'en' ? text.en : text.zh;
}

/** The engine's "at most N files" sentence for the field, in the user's language. */
export function countProblem(schema: Schema, label: { zh: string; en: string }, lng: string): string {
  const text = describeError(
    { path: [], keyword: 'attachmentCount', params: { limit: limitsOf(schema).maxCount } },
    label,
  );
  return lng === 'en' ? text.en : text.zh;
}
