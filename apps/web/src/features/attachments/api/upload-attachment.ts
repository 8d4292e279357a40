import type { AttachmentRef, Envelope } from '@service-hall/contracts';

import { ApiError, apiHeaders, apiUrl, newIdempotencyKey } from '../../../lib/http/api-client.ts';
import { checkEnvelope } from '../../../lib/http/http.ts';
import { uploadsInFlight } from '../logic/in-flight.ts';

export interface UploadOptions {
  file: File;
  /** The app being applied for and the attachment field of its form. */
  code: string;
  field: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file (multipart, part `file`) and resolves to its reference. XMLHttpRequest rather than fetch: only it
 * reports upload progress. One Idempotency-Key per file, so a retry after a lost answer does not store it twice.
 */
export function uploadAttachment(
  { file, code, field, onProgress, signal }: UploadOptions,
  key = newIdempotencyKey(),
): Promise<AttachmentRef> {
  uploadsInFlight.begin();
  return new Promise<AttachmentRef>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/attachment', { code, field }));
    for (const [k, v] of Object.entries(apiHeaders({ 'Idempotency-Key': key }))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.floor((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError({ status: xhr.status, errno: xhr.status, message: `HTTP ${xhr.status}` }));
        return;
      }
      try {
        const env = checkEnvelope(body as Envelope<AttachmentRef>, xhr.status);
        if (xhr.status >= 400 || !env.entities?.[0])
          throw new ApiError({ status: xhr.status, errno: xhr.status, message: `HTTP ${xhr.status}` });
        resolve(env.entities[0]);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, errno: -1, ecode: 'NETWORK', message: 'network' }));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  }).finally(uploadsInFlight.end);
}

/** Forgets an upload removed from the form before submitting (the server would sweep it after a day anyway). */
export async function deleteAttachment(id: string): Promise<void> {
  await fetch(apiUrl(`/attachment/${id}`), { method: 'DELETE', headers: apiHeaders() }).catch(() => undefined);
}
