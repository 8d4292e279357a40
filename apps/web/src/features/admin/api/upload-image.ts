import type { StoredImage } from '@service-hall/contracts';
import { uploadImageRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/** The bytes of a file or blob as base64 (the upload route's body is JSON). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Uploads an icon or an enterprise picture; the server checks it by content and answers its address. */
export async function uploadImage(blob: Blob, purpose: 'icon' | 'picture'): Promise<StoredImage> {
  return call(uploadImageRoute, { body: { purpose, data: await base64Of(blob) } });
}
