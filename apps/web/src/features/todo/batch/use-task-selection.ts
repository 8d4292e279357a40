import { useCallback, useMemo, useState } from 'react';
import type { Task } from '@service-hall/contracts';
import { toggleId } from './selection.ts';

/**
 * Ticked to-do tasks: a unique set of ids plus the tasks themselves, so the common actions and the serial
 * numbers are known even for ticks made on another page.
 */
export function useTaskSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, Task>>(new Map());

  const toggle = useCallback((task: Task) => {
    setSelected((cur) => {
      const ids = toggleId(new Set(cur.keys()), task.id);
      const next = new Map<string, Task>();
      for (const id of ids) next.set(id, cur.get(id) ?? task);
      return next;
    });
  }, []);

  /** Ticks (or unticks) several tasks at once, e.g. "select all" on a page. */
  const setMany = useCallback((tasks: readonly Task[], ticked: boolean) => {
    setSelected((cur) => {
      const next = new Map(cur);
      for (const t of tasks) {
        if (ticked) next.set(t.id, t);
        else next.delete(t.id);
      }
      return next;
    });
  }, []);

  /** Keeps only these ids ticked (the failures of a batch, for a retry). */
  const keepOnly = useCallback((ids: readonly string[]) => {
    setSelected((cur) => new Map([...cur].filter(([id]) => ids.includes(id))));
  }, []);

  const clear = useCallback(() => setSelected(new Map()), []);
  const ids = useMemo(() => new Set(selected.keys()), [selected]);
  const tasks = useMemo(() => [...selected.values()], [selected]);
  return { ids, tasks, toggle, setMany, keepOnly, clear };
}

export type TaskSelection = ReturnType<typeof useTaskSelection>;
