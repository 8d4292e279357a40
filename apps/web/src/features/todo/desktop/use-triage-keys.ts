import { useEffect, useState } from 'react';

import type { Task } from '@service-hall/contracts';

export interface TriageHandlers {
  tasks: readonly Task[];
  /** False while a dialog is open: keys then belong to the dialog. */
  active: boolean;
  onTick: (task: Task) => void;
  onOpen: (task: Task) => void;
  /** a / r: handle the ticked tasks (or the current one) with approve / reject, through the batch dialog. */
  onAct: (actionId: 'approve' | 'reject', current: Task | undefined) => void;
  onHelp: () => void;
}

/** True when the key press belongs to something the user is typing in. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.isContentEditable ||
      ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
      !!el.closest('[role="combobox"], .ant-select'))
  );
}

/**
 * Keyboard triage of the to-do list (desktop): j/k (or ↓/↑) move, x ticks, Enter opens, a/r approve/reject
 * through the batch dialog (same confirmation rules as the mouse), ? shows the keys. Returns the current row.
 */
export function useTriageKeys({ tasks, active, onTick, onOpen, onAct, onHelp }: TriageHandlers): number {
  const [cursor, setCursor] = useState(-1);
  const current = cursor >= 0 ? tasks[Math.min(cursor, tasks.length - 1)] : undefined;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const move = (d: number) => setCursor((c) => Math.max(0, Math.min(tasks.length - 1, (c < 0 ? -1 : c) + d)));
      switch (e.key) {
        case 'j':
        case 'ArrowDown':
          move(1);
          break;
        case 'k':
        case 'ArrowUp':
          move(-1);
          break;
        case 'x':
          if (current) onTick(current);
          break;
        case 'Enter':
          // Enter on a focused button or link keeps its own meaning.
          if (!current || (e.target as HTMLElement | null)?.closest('button, a')) return;
          onOpen(current);
          break;
        case 'a':
          onAct('approve', current);
          break;
        case 'r':
          onAct('reject', current);
          break;
        case '?':
          onHelp();
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, tasks, current, onTick, onOpen, onAct, onHelp]);
  return current ? tasks.indexOf(current) : -1;
}
