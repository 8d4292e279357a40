import { useQuery } from '@tanstack/react-query';

import { taskApiEndpoint, taskApiQueryOptions } from '../../../lib/http/task-api.ts';
import { getTodoTasks, todoKeys } from './get-todo-tasks.ts';

/** The API's largest page (MAX_PAGE_SIZE in packages/contracts; not imported, that module brings zod along). */
const MAX_PAGE_SIZE = 100;
/** Beyond this many open tasks the check gives up (answers null) rather than page through everything. */
const MAX_PAGES = 10;

/**
 * Ids of all my open to-do tasks, or null when there are too many to list. Lives under the to-do list's key, so a
 * push event that refreshes the list refreshes this too.
 */
export async function getOpenTaskIds(signal?: AbortSignal): Promise<Set<string> | null> {
  const ids = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { tasks, total } = await getTodoTasks(
      { limit: String(MAX_PAGE_SIZE), start: String(page * MAX_PAGE_SIZE) },
      signal,
    );
    for (const t of tasks) ids.add(t.id);
    if (ids.size >= total || tasks.length === 0) return ids;
  }
  return null;
}

/** The open to-do ids while `enabled` (something is ticked). */
export function useOpenTaskIds(enabled: boolean) {
  return useQuery({
    queryKey: [...todoKeys.all, 'open-ids'] as const,
    queryFn: ({ signal }) => getOpenTaskIds(signal),
    enabled,
    ...taskApiQueryOptions(taskApiEndpoint() !== null),
  });
}
