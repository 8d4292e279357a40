/**
 * The attachment field kind: its value is a list of references to uploaded files, `{ id, name, type, size }`,
 * and its limits live in its schema — `x-accept` (MIME types, `image/*` style wildcards allowed), `x-max-size`
 * (bytes per file) and `maxItems`. The server checks an upload against the same limits before storing it, and
 * replaces the references of a submitted form with what it stored before this validator sees them, so a forged
 * name, type or size cannot pass.
 */
import type { JsonSchema } from '../types.ts';
import type { SchemaError } from './schema-errors.ts';

/** One attached file as form data holds it. */
export interface AttachmentRef {
  id: string;
  name: string;
  type: string;
  size: number;
}

/** The largest file any attachment field may accept (bytes): a field's `x-max-size` above this is refused. */
export const ATTACHMENT_SIZE_CEILING = 50 * 1024 * 1024;
/** A field without `x-max-size` accepts files up to this size. */
export const ATTACHMENT_DEFAULT_MAX_SIZE = 10 * 1024 * 1024;
/** A field without `maxItems` accepts this many files. */
export const ATTACHMENT_DEFAULT_MAX_COUNT = 10;
/** A field without `x-accept` accepts these types: PDF, pictures and office documents. */
export const ATTACHMENT_DEFAULT_ACCEPT = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** The shape every item of an attachment field has, whatever the field's schema says about `items`. */
export const ATTACHMENT_ITEM: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'type', 'size'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 255 },
    type: { type: 'string', minLength: 1, maxLength: 255 },
    size: { type: 'integer', minimum: 0 },
  },
};

export interface AttachmentLimits {
  accept: string[];
  maxSize: number;
  maxCount: number;
}

/** A field's limits, its own or the defaults. */
export function attachmentLimits(schema: JsonSchema): AttachmentLimits {
  const accept = Array.isArray(schema['x-accept']) ? (schema['x-accept'] as string[]) : ATTACHMENT_DEFAULT_ACCEPT;
  const maxSize =
    typeof schema['x-max-size'] === 'number' ? (schema['x-max-size'] as number) : ATTACHMENT_DEFAULT_MAX_SIZE;
  const maxCount = typeof schema.maxItems === 'number' ? schema.maxItems : ATTACHMENT_DEFAULT_MAX_COUNT;
  return { accept, maxSize: Math.min(maxSize, ATTACHMENT_SIZE_CEILING), maxCount };
}

/** Whether a MIME type is one the list accepts (`image/*` accepts every image). */
export function acceptsType(accept: string[], type: string): boolean {
  const t = type.toLowerCase();
  return accept.some((a) => {
    const want = a.toLowerCase();
    return want.endsWith('/*') ? t.startsWith(want.slice(0, -1)) : t === want;
  });
}

/** Short names of the accepted types for messages (`PDF`, `JPG`; `image/*` as the word for pictures). */
export function acceptedNames(accept: string[], lng: 'zh' | 'en'): string {
  const names: Record<string, string> = {
    'application/pdf': 'PDF',
    'image/jpeg': 'JPG',
    'image/png': 'PNG',
    'image/webp': 'WEBP',
    'image/gif': 'GIF',
    'image/*': lng === 'zh' ? '图片' : 'images',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  };
  return accept.map((a) => names[a.toLowerCase()] ?? a).join(lng === 'zh' ? '、' : ', ');
}

/** Errors of one file against a field's limits: its type, then its size. Used on upload and on submit alike. */
export function checkAttachmentFile(
  schema: JsonSchema,
  file: Pick<AttachmentRef, 'name' | 'type' | 'size'>,
  path: string[],
): SchemaError[] {
  const limits = attachmentLimits(schema);
  const out: SchemaError[] = [];
  if (!acceptsType(limits.accept, file.type)) {
    out.push({ path, keyword: 'attachmentType', params: { name: file.name, accept: limits.accept } });
  }
  if (file.size > limits.maxSize) {
    out.push({ path, keyword: 'attachmentSize', params: { name: file.name, limit: megabytes(limits.maxSize) } });
  }
  return out;
}

/** Bytes as megabytes for messages, at most one decimal. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

/** Problems of an attachment field's own schema (form-schema-check.ts). */
export function attachmentSchemaProblems(node: JsonSchema, at: string): string[] {
  const problems: string[] = [];
  if (node.type !== 'array') problems.push(`${at}: an attachment field has type "array"`);
  if (node.items !== undefined)
    problems.push(
      `${at}: an attachment field takes its items' shape from the engine ({ id, name, type, size }); remove "items"`,
    );
  const accept = node['x-accept'];
  if (
    accept !== undefined &&
    (!Array.isArray(accept) ||
      accept.length === 0 ||
      accept.some((a) => typeof a !== 'string' || !/^[a-z]+\/([a-z0-9.+-]+|\*)$/i.test(a)))
  ) {
    problems.push(`${at}: x-accept must be a non-empty list of MIME types such as "application/pdf" or "image/*"`);
  }
  const size = node['x-max-size'];
  if (
    size !== undefined &&
    (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > ATTACHMENT_SIZE_CEILING)
  ) {
    problems.push(`${at}: x-max-size must be a whole number of bytes from 1 to ${ATTACHMENT_SIZE_CEILING}`);
  }
  return problems;
}
