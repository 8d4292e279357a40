/** The path a form takes if everybody approves: the designer's simulation and the diagram's "upcoming" nodes. */
import { isSendingBack, resolveTarget } from './resolve-target.ts';
import type { ProcessDefinition, StepDefinition } from './types.ts';

/** Where a step leads when it is approved (its first action that neither rejects nor sends back). */
export function forwardDestination(step: StepDefinition, data: Record<string, unknown>): string {
  const forward = step.actions.find((a) => !isSendingBack(resolveTarget(a.to, data)));
  return resolveTarget((forward ?? step.actions[0]).to, data);
}

/**
 * Step ids visited from `fromStepId` (default: the first step) when every step is approved with this form
 * data, and how the walk ends: 'end', 'reject', or 'loop' if it would come back to a step.
 */
export function simulatePath(
  def: ProcessDefinition,
  data: Record<string, unknown>,
  fromStepId: string = def.steps[0].id,
): { steps: string[]; ending: 'end' | 'reject' | 'loop' } {
  const steps: string[] = [];
  let at: string = fromStepId;
  for (;;) {
    const step = def.steps.find((s) => s.id === at);
    if (!step) return { steps, ending: at === 'end' ? 'end' : 'reject' };
    if (steps.includes(at)) return { steps, ending: 'loop' };
    steps.push(at);
    at = forwardDestination(step, data);
  }
}
