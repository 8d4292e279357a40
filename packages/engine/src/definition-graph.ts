/** The flow as a graph: which steps can be reached from the first, and which can still reach an ending. */
import { TERMINAL_TARGETS } from './resolve-target.ts';
import type { ProcessDefinition, Target } from './types.ts';

/** Every destination a target can lead to, whichever branch is taken. */
export function destinationsOf(target: Target): string[] {
  if (typeof target === 'string') return [target];
  return [
    ...target.branches.flatMap((b) => destinationsOf(b.to)),
    ...(target.otherwise ? destinationsOf(target.otherwise) : []),
  ];
}

/** Step ids each step can lead to directly (terminal keywords kept as they are). */
export function edgesOf(def: ProcessDefinition): Map<string, Set<string>> {
  return new Map(def.steps.map((s) => [s.id, new Set(s.actions.flatMap((a) => destinationsOf(a.to)))]));
}

/** Step ids reachable from the first step. */
export function reachableSteps(def: ProcessDefinition): Set<string> {
  const edges = edgesOf(def);
  const seen = new Set<string>();
  const queue = def.steps.length > 0 ? [def.steps[0].id] : [];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || !edges.has(id)) continue;
    seen.add(id);
    for (const to of edges.get(id)!) if (!TERMINAL_TARGETS.has(to)) queue.push(to);
  }
  return seen;
}

/**
 * Step ids from which no way leads to an ending ('end', 'reject', or 'back', which from the first step
 * rejects): a process entering them could circle for ever.
 */
export function stepsThatCannotEnd(def: ProcessDefinition): string[] {
  const edges = edgesOf(def);
  const canEnd = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, targets] of edges) {
      if (canEnd.has(id)) continue;
      if ([...targets].some((t) => TERMINAL_TARGETS.has(t) || canEnd.has(t))) {
        canEnd.add(id);
        changed = true;
      }
    }
  }
  return def.steps.map((s) => s.id).filter((id) => !canEnd.has(id));
}

/** True when some path from the first step completes the process ('end'). */
export function canComplete(def: ProcessDefinition): boolean {
  const reachable = reachableSteps(def);
  return def.steps.some((s) => reachable.has(s.id) && s.actions.some((a) => destinationsOf(a.to).includes('end')));
}
