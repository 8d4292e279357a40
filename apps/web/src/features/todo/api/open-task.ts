import type { Task } from '@service-hall/contracts';

import { detailPath, PATHS } from '../../../lib/routing/paths.ts';

/**
 * Built-in tasks open in our detail page; an external task opens its own uri. The API sends our own links absolute
 * (PUBLIC_URL + BASE_PATH + /workflow/detail…, for clients outside the portal), so a link is ours when its path is
 * our detail page — whatever host name the portal was opened under.
 */
export function taskTarget(task: Task): { internal: true; path: string } | { internal: false; url: string } {
  const uri = task.uri ?? '';
  if (!uri || isOurDetailPage(uri)) return { internal: true, path: detailPath(task.process.id) };
  return { internal: false, url: uri };
}

function isOurDetailPage(uri: string): boolean {
  if (uri.startsWith('/workflow')) return true;
  try {
    return new URL(uri).pathname.endsWith(PATHS.detail);
  } catch {
    return false;
  }
}
