/**
 * The flow designer's model of a definition: the steps as a vertical column of nodes, each action's destination
 * spelled out as a route (a step, an ending, or branches on form data with a default). The designer edits this
 * model; `toDefinition` writes the engine's JSON back (steps/actions/targets) without touching anything it does not
 * show, so loading a definition and saving it unchanged gives the same JSON (flow-model.test.ts, twelve templates).
 */
import type { ActionDefinition, Condition, ProcessDefinition, StepDefinition, Target } from '@service-hall/engine';

export type Ending = 'end' | 'reject' | 'back';

export type Route =
  | { kind: 'step'; stepId: string }
  | { kind: 'ending'; ending: Ending }
  | { kind: 'branches'; branches: Array<{ when: Condition; to: Route }>; otherwise: Route | null };

export interface FlowAction extends Omit<ActionDefinition, 'to'> {
  route: Route;
}

export interface FlowNode extends Omit<StepDefinition, 'actions'> {
  actions: FlowAction[];
}

export interface FlowModel {
  /** Everything of the definition except its steps, kept as it came. */
  rest: Omit<ProcessDefinition, 'steps'>;
  nodes: FlowNode[];
}

const ENDINGS = new Set<string>(['end', 'reject', 'back']);

export function routeOf(target: Target): Route {
  if (typeof target === 'string') {
    return ENDINGS.has(target) ? { kind: 'ending', ending: target as Ending } : { kind: 'step', stepId: target };
  }
  return {
    kind: 'branches',
    branches: target.branches.map((b) => ({ when: b.when, to: routeOf(b.to) })),
    otherwise: target.otherwise === undefined ? null : routeOf(target.otherwise),
  };
}

export function targetOf(route: Route): Target {
  if (route.kind === 'step') return route.stepId;
  if (route.kind === 'ending') return route.ending;
  const branches = route.branches.map((b) => ({ when: b.when, to: targetOf(b.to) }));
  // A branch point without a default is kept as the author left it: the publish check names it.
  return route.otherwise === null ? { branches } : { branches, otherwise: targetOf(route.otherwise) };
}

export function toFlowModel(def: ProcessDefinition): FlowModel {
  const { steps, ...rest } = def;
  return {
    rest,
    nodes: steps.map(({ actions, ...step }) => ({
      ...step,
      actions: actions.map(({ to, ...action }) => ({ ...action, route: routeOf(to) })),
    })),
  };
}

export function toDefinition(model: FlowModel): ProcessDefinition {
  return {
    ...model.rest,
    steps: model.nodes.map(({ actions, ...node }) => ({
      ...node,
      actions: actions.map(({ route, ...action }) => ({ ...action, to: targetOf(route) })),
    })),
  };
}

/** The index of the action that moves a node forwards (approve): the first that neither rejects nor sends back. */
export function forwardActionIndex(node: FlowNode): number {
  const i = node.actions.findIndex((a) => !(a.route.kind === 'ending' && a.route.ending !== 'end'));
  return i < 0 ? 0 : i;
}

/** Every step id a route may lead to. */
export function routeSteps(route: Route): string[] {
  if (route.kind === 'step') return [route.stepId];
  if (route.kind === 'ending') return [];
  return [...route.branches.flatMap((b) => routeSteps(b.to)), ...(route.otherwise ? routeSteps(route.otherwise) : [])];
}
