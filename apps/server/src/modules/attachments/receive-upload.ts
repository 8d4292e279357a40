import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';

import { AppError } from '../../platform/app-error.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';

/** Room for the multipart envelope around the file (boundaries, part headers) when judging Content-Length. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface ReceivedFile {
  name: string;
  /** The type the content is: sniffed, never the browser's word alone. */
  type: string;
  bytes: Buffer;
  sha256: string;
}

/** A name safe to keep and to send back: no directories, no control characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  const base = raw
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return [...(base || 'file')].slice(-255).join('');
}

// Extensions that name the same content type.
const SAME_EXTENSION: Record<string, string[]> = { jpg: ['jpg', 'jpeg', 'jpe', 'jfif'], tif: ['tif', 'tiff'] };
// What browsers and phones also call a JPEG.
const TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/**
 * The type the bytes are, checked against what the upload says it is. file-type reads the content's signature;
 * a declared type or a file extension that names something else is refused (a script renamed `.pdf`, a text file
 * sent as `image/png`). Content file-type does not recognise is accepted only as plain UTF-8 text declared as
 * `text/…` (and only where a field accepts that type). SVG, being text, is never taken for an image.
 */
export async function sniffType(name: string, declared: string, bytes: Buffer): Promise<string> {
  const claimed = TYPE_ALIASES[declared.toLowerCase()] ?? declared.toLowerCase();
  const found = await fileTypeFromBuffer(bytes);
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase();
  const mismatch = () => new AppError('ATTACHMENT_CONTENT_MISMATCH', M.ATTACHMENT_CONTENT_MISMATCH, { name });
  if (!found) {
    if (claimed.startsWith('text/') && claimed !== 'text/html' && isPlainText(bytes)) return claimed;
    throw mismatch();
  }
  const generic = claimed === '' || claimed === 'application/octet-stream';
  if (!generic && claimed !== found.mime) throw mismatch();
  if (extension && !(SAME_EXTENSION[found.ext] ?? [found.ext]).includes(extension)) throw mismatch();
  return found.mime;
}

function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the one file of a multipart upload, at most `maxSize` bytes: a Content-Length already over the limit is
 * refused before a byte is read (a 200 MB upload is answered at once), and a body without one is cut off while
 * streaming as soon as it passes the limit. Only then is the content sniffed.
 */
export async function receiveUpload(request: FastifyRequest, maxSize: number): Promise<ReceivedFile> {
  const limitMb = Math.round((maxSize / (1024 * 1024)) * 10) / 10;
  const tooLarge = () => new AppError('ATTACHMENT_TOO_LARGE', M.ATTACHMENT_TOO_LARGE, { limit: limitMb });
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > maxSize + MULTIPART_OVERHEAD) throw tooLarge();
  const notMultipart = () => new AppError('UNSUPPORTED_MEDIA_TYPE', M.ATTACHMENT_NOT_MULTIPART);
  if (!request.isMultipart()) throw notMultipart();
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxSize, files: 1, fields: 0, parts: 2 } });
  } catch {
    throw notMultipart();
  }
  if (!part || part.fieldname !== 'file') throw notMultipart();
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw notMultipart();
  }
  if (part.file.truncated) throw tooLarge();
  const bytes = Buffer.concat(chunks);
  const name = cleanFileName(part.filename);
  const type = await sniffType(name, part.mimetype, bytes);
  return { name, type, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
