/**
 * React-query keys of the "my matters" lists. Live refresh invalidates `['lists', name]` for every list a push
 * event names, so each list's query key starts with its entry here.
 */
export type ListName = 'todo' | 'doing' | 'done' | 'cc' | 'guest' | 'infos';

export const listKeys = {
  all: ['lists'] as const,
  of: (name: ListName) => ['lists', name] as const,
};

/** Key of one process's detail. */
export const processKey = (id: string) => ['process', id] as const;
export const processKeys = { all: ['process'] as const };
