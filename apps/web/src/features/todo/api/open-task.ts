import type { Task } from '@service-hall/contracts';
import { detailPath } from '../../../lib/paths.ts';

/** Built-in tasks open in our detail page; an external task (uri outside /workflow) opens its own uri. */
export function taskTarget(task: Task): { internal: true; path: string } | { internal: false; url: string } {
  const uri = task.uri ?? '';
  if (!uri || uri.startsWith('/workflow')) return { internal: true, path: detailPath(task.process.id) };
  return { internal: false, url: uri };
}
