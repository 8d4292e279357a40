import { AppError } from '../../../platform/app-error.ts';
import { sanitizeSvg } from './sanitize-svg.ts';

/** Largest icon file accepted, in bytes. */
export const ICON_MAX_BYTES = 256 * 1024;
/** Largest PNG icon, in pixels per side (a bigger one is a decompression bomb, not an icon). */
export const ICON_MAX_PIXELS = 1024;

/** An accepted icon: its type, found from the content, and the bytes to store (an SVG sanitised). */
export interface CheckedIcon {
  type: 'image/png' | 'image/svg+xml';
  bytes: Uint8Array;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Checks an uploaded icon by its content, never its name or declared type: a PNG (signature, header and end chunk,
 * at most ICON_MAX_PIXELS a side) or an SVG. An SVG with script, event handlers, foreign objects or references to
 * anything outside itself is refused, one that is not well-formed XML too; an accepted one is parsed and written
 * out again from an allow-list (sanitize-svg.ts). Pure: no I/O.
 */
export function checkIcon(bytes: Uint8Array): CheckedIcon {
  if (bytes.length > ICON_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'IMAGE_TOO_LARGE', { limit: ICON_MAX_BYTES / 1024 });
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return { type: 'image/png', bytes: checkPng(bytes) };
  const svg = checkedSvg(bytes);
  if (svg === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG');
  return { type: 'image/svg+xml', bytes: svg };
}

function checkPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  const wellFormed =
    bytes.length >= 8 + 25 + 12 &&
    view.getUint32(8) === 13 &&
    ascii(12) === 'IHDR' &&
    ascii(bytes.length - 8) === 'IEND';
  if (!wellFormed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG');
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG');
  if (width > ICON_MAX_PIXELS || height > ICON_MAX_PIXELS) {
    throw new AppError('VALIDATION_FAILED', 'IMAGE_TOO_WIDE', { limit: ICON_MAX_PIXELS });
  }
  return bytes;
}

/**
 * An SVG document, sanitised (sanitize-svg.ts), or null when the bytes are not UTF-8 text whose root element is
 * `svg`. Throws when they are an SVG that is unsafe (422) or not well-formed (400).
 */
export function checkedSvg(bytes: Uint8Array): Uint8Array | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const clean = sanitizeSvg(text);
  return clean === null ? null : new TextEncoder().encode(clean);
}
