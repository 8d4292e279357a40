/** Reduces an action's target to one destination by evaluating its branches. */
import { evaluateCondition } from './evaluate-condition.ts';
import type { Target } from './types.ts';

/** Targets that are not step ids; step ids may not use these names. */
export const TERMINAL_TARGETS: ReadonlySet<string> = new Set(['end', 'reject', 'back']);

/** The destination (a step id, 'end', 'reject' or 'back') the target leads to for this form data. */
export function resolveTarget(target: Target, data: Record<string, unknown>): string {
  if (typeof target === 'string') return target;
  const branch = target.branches.find((b) => evaluateCondition(b.when, data));
  return resolveTarget(branch ? branch.to : target.otherwise, data);
}

/** True when the destination ends the step's decision early in a countersign. */
export function isSendingBack(destination: string): boolean {
  return destination === 'reject' || destination === 'back';
}
