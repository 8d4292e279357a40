import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import type { Task } from '@service-hall/contracts';

import { useOpenTaskIds } from '../api/get-open-task-ids.ts';
import { toggleId } from './selection.ts';

/**
 * Ticked to-do tasks: a unique set of ids plus the tasks themselves, so the actions and the serial numbers are
 * known even for ticks made on another page. A ticked task that leaves my to-do (handled elsewhere, withdrawn,
 * delegation removed) is unticked as soon as the refreshed list of open ids no longer holds it.
 */
export function useTaskSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, Task>>(new Map());
  // When each id was ticked: an id ticked after the open-ids answer was fetched is not judged by that answer.
  const tickedAt = useRef(new Map<string, number>());
  const open = useOpenTaskIds(selected.size > 0);

  const toggle = useCallback((task: Task) => {
    setSelected((cur) => {
      const ids = toggleId(new Set(cur.keys()), task.id);
      const next = new Map<string, Task>();
      for (const id of ids) next.set(id, cur.get(id) ?? task);
      if (ids.has(task.id)) tickedAt.current.set(task.id, Date.now());
      return next;
    });
  }, []);

  /** Ticks (or unticks) several tasks at once, e.g. "select all" on a page. */
  const setMany = useCallback((tasks: readonly Task[], ticked: boolean) => {
    setSelected((cur) => {
      const next = new Map(cur);
      for (const t of tasks) {
        if (ticked) {
          next.set(t.id, t);
          tickedAt.current.set(t.id, Date.now());
        } else next.delete(t.id);
      }
      return next;
    });
  }, []);

  /** Keeps only these ids ticked (the failures of a batch, for a retry). */
  const keepOnly = useCallback((ids: readonly string[]) => {
    setSelected((cur) => new Map([...cur].filter(([id]) => ids.includes(id))));
  }, []);

  /** Unticks these ids. */
  const drop = useCallback((ids: readonly string[]) => {
    if (ids.length === 0) return;
    setSelected((cur) => new Map([...cur].filter(([id]) => !ids.includes(id))));
  }, []);

  const openIds = open.data;
  const fetchedAt = open.dataUpdatedAt;
  useEffect(() => {
    if (!openIds) return;
    const vanished = [...selected.keys()].filter(
      (id) => !openIds.has(id) && (tickedAt.current.get(id) ?? 0) <= fetchedAt,
    );
    if (vanished.length > 0) setSelected((cur) => new Map([...cur].filter(([id]) => !vanished.includes(id))));
  }, [openIds, fetchedAt, selected]);

  const clear = useCallback(() => setSelected(new Map()), []);
  const ids = useMemo(() => new Set(selected.keys()), [selected]);
  const tasks = useMemo(() => [...selected.values()], [selected]);
  return { ids, tasks, toggle, setMany, keepOnly, drop, clear };
}

export type TaskSelection = ReturnType<typeof useTaskSelection>;
