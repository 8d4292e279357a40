/** Reduces an action's target to one destination by evaluating its branches. */
import { EngineError } from './engine-error.ts';
import { evaluateCondition } from './evaluate-condition.ts';
import type { Target } from './types.ts';

/** Targets that are not step ids; step ids may not use these names. */
export const TERMINAL_TARGETS: ReadonlySet<string> = new Set(['end', 'reject', 'back']);

/** The pseudo-step of a process returned to its starter for resubmission; no definition may use the id. */
export const RESUBMIT_STEP = 'resubmit';

/** The destination (a step id, 'end', 'reject' or 'back') the target leads to for this form data. */
export function resolveTarget(target: Target, data: Record<string, unknown>): string {
  if (typeof target === 'string') return target;
  const branch = target.branches.find((b) => evaluateCondition(b.when, data));
  const next = branch ? branch.to : target.otherwise;
  // Published definitions always have a default (check-definition refuses a branch without one).
  if (next === undefined)
    throw new EngineError('INVALID_DEFINITION', 'a branch without a default (otherwise) was taken');
  return resolveTarget(next, data);
}

/** True when the destination ends the step's decision early in a countersign. */
export function isSendingBack(destination: string): boolean {
  return destination === 'reject' || destination === 'back';
}
