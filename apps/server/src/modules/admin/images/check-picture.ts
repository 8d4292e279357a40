import { AppError } from '../../../platform/app-error.ts';
import { checkedSvg, checkIcon } from './check-icon.ts';

/** Largest enterprise image (logo, banner) accepted, in bytes. */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** Largest enterprise image in pixels per side. */
export const PICTURE_MAX_PIXELS = 4096;

export interface CheckedPicture {
  type: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  bytes: Uint8Array;
}

/**
 * Checks an enterprise image by its content: a JPEG (start and end markers), a PNG or an SVG (sanitised, refused
 * with script or outside references), at most PICTURE_MAX_BYTES. The console crops logos and banners to their
 * ratio in the browser and sends a PNG or JPEG. Pure: no I/O.
 */
export function checkPicture(bytes: Uint8Array): CheckedPicture {
  if (bytes.length > PICTURE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'IMAGE_TOO_LARGE', { limit: PICTURE_MAX_BYTES / 1024 });
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) throw notImage();
    return { type: 'image/jpeg', bytes };
  }
  if (bytes[0] === 0x89 && bytes[1] === 0x50) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.length < 33 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') throw notImage();
    if (view.getUint32(16) > PICTURE_MAX_PIXELS || view.getUint32(20) > PICTURE_MAX_PIXELS) {
      throw new AppError('VALIDATION_FAILED', 'IMAGE_TOO_WIDE', { limit: PICTURE_MAX_PIXELS });
    }
    if (String.fromCharCode(...bytes.subarray(bytes.length - 8, bytes.length - 4)) !== 'IEND') throw notImage();
    return { type: 'image/png', bytes };
  }
  // An SVG goes through the icon check's sanitiser (same refusals), without the icon's size limit.
  const svg = checkedSvg(bytes);
  if (svg !== null) return { type: 'image/svg+xml', bytes: svg };
  throw notImage();
}

const notImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PICTURE');

export { checkIcon };
