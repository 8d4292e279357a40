import { useEffect, useState } from 'react';

import type { AttachmentRef } from '@service-hall/contracts';

import { ApiError, apiHeaders, apiUrl } from '../../../lib/http/api-client.ts';
import { checkEnvelope } from '../../../lib/http/http.ts';

/**
 * The file's bytes. The API wants a bearer token, which a plain link cannot carry, so files are fetched and handed
 * to the browser as a blob.
 */
export async function fetchAttachment(id: string): Promise<Blob> {
  const res = await fetch(apiUrl(`/attachment/${id}`), { headers: apiHeaders() });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({ errno: res.status, error: `HTTP ${res.status}` }))) as {
      errno: number;
    };
    checkEnvelope(body, res.status);
    throw new ApiError({ status: res.status, errno: res.status, message: `HTTP ${res.status}` });
  }
  return res.blob();
}

/** Saves an attachment under its own name. */
export async function saveAttachment(ref: Pick<AttachmentRef, 'id' | 'name'>): Promise<void> {
  const url = URL.createObjectURL(await fetchAttachment(ref.id));
  const a = document.createElement('a');
  a.href = url;
  a.download = ref.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const isPicture = (type: string) => /^image\/(jpeg|png|gif|webp)$/.test(type);

/** An object URL of a stored picture for a thumbnail (null while loading, or when it is not a picture). */
export function useAttachmentUrl(ref: Pick<AttachmentRef, 'id' | 'type'> | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const id = ref && isPicture(ref.type) ? ref.id : null;
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    let made: string | null = null;
    fetchAttachment(id).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url;
}
