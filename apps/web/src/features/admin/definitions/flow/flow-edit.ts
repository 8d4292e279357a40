/**
 * Edits of the flow designer, each a pure function from model to model: insert a node between two others ("+"),
 * delete a node (what led to it now leads where it led), change one node. Ids of new nodes are fresh and stable.
 */
import type { AssigneeRule, Condition, FieldPermission, I18nText } from '@service-hall/engine';

import { forwardActionIndex, type FlowModel, type FlowNode, type Route } from './flow-model.ts';

export type NewNodeKind = 'approval' | 'cc' | 'branch';

function freshId(model: FlowModel, prefix: string): string {
  const taken = new Set(model.nodes.map((n) => n.id));
  for (let i = 1; ; i += 1) if (!taken.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

/** Replaces every reference to `from` in a route by `to`. */
function rewire(route: Route, from: string, to: Route): Route {
  if (route.kind === 'step') return route.stepId === from ? to : route;
  if (route.kind === 'ending') return route;
  return {
    kind: 'branches',
    branches: route.branches.map((b) => ({ when: b.when, to: rewire(b.to, from, to) })),
    otherwise: route.otherwise ? rewire(route.otherwise, from, to) : null,
  };
}

/** The route a node's forward action takes, for the node inserted after it. */
function forwardRoute(node: FlowNode | undefined): Route {
  if (!node) return { kind: 'ending', ending: 'end' };
  return node.actions[forwardActionIndex(node)]?.route ?? { kind: 'ending', ending: 'end' };
}

export interface NodeTexts {
  approver: I18nText;
  cc: I18nText;
  approve: I18nText;
  reject: I18nText;
  next: I18nText;
}

/**
 * Inserts a node after position `after` (-1: right after the start). The node before it now leads to the new node
 * (its forward action), and the new node leads where the one before it led. A 'branch' is an approver node whose
 * approval branches on the form data (one condition and a default, both to where the flow went before).
 */
export function insertNode(model: FlowModel, after: number, kind: NewNodeKind, texts: NodeTexts): FlowModel {
  const prev = after >= 0 ? model.nodes[after] : undefined;
  const id = freshId(model, kind === 'cc' ? 'cc' : 'approver');
  const onward: Route = prev
    ? forwardRoute(prev)
    : model.nodes[0]
      ? { kind: 'step', stepId: model.nodes[0].id }
      : { kind: 'ending', ending: 'end' };
  const firstField = Object.keys(model.rest.form.schema.properties)[0] ?? '';
  const approve: Route =
    kind === 'branch'
      ? {
          kind: 'branches',
          branches: [{ when: { field: firstField, op: 'eq', value: '' }, to: onward }],
          otherwise: onward,
        }
      : onward;
  const node: FlowNode =
    kind === 'cc'
      ? {
          id,
          name: texts.cc,
          kind: 'cc',
          assignee: { type: 'starter' },
          mode: 'any',
          actions: [{ id: 'next', name: texts.next, route: onward }],
        }
      : {
          id,
          name: texts.approver,
          assignee: { type: 'departmentHead' },
          mode: 'any',
          actions: [
            { id: 'approve', name: texts.approve, route: approve },
            { id: 'reject', name: texts.reject, route: { kind: 'ending', ending: 'reject' } },
          ],
        };
  const nodes = model.nodes.map((n) => n);
  if (prev) {
    const i = forwardActionIndex(prev);
    nodes[after] = {
      ...prev,
      actions: prev.actions.map((a, j) => (j === i ? { ...a, route: { kind: 'step', stepId: id } } : a)),
    };
  }
  nodes.splice(after + 1, 0, node);
  return { ...model, nodes };
}

/** Deletes a node: every route to it now goes where its forward action went. */
export function deleteNode(model: FlowModel, id: string): FlowModel {
  const node = model.nodes.find((n) => n.id === id);
  if (!node) return model;
  const onward = forwardRoute(node);
  const replacement: Route =
    onward.kind === 'step' && onward.stepId === id ? { kind: 'ending', ending: 'end' } : onward;
  const nodes = model.nodes
    .filter((n) => n.id !== id)
    .map((n) => ({
      ...n,
      actions: n.actions.map((a) => ({ ...a, route: rewire(a.route, id, replacement) })),
    }));
  return { ...model, nodes };
}

export function updateNode(model: FlowModel, id: string, change: (node: FlowNode) => FlowNode): FlowModel {
  return { ...model, nodes: model.nodes.map((n) => (n.id === id ? change(n) : n)) };
}

export const setAssignee = (node: FlowNode, assignee: AssigneeRule): FlowNode => ({ ...node, assignee });

/** Sets one field's permission at a node; 'readonly' is the engine's default, so it is left out. */
export function setFieldPermission(node: FlowNode, field: string, permission: FieldPermission): FlowNode {
  const fields = { ...(node.fields ?? {}) };
  if (permission === 'readonly') delete fields[field];
  else fields[field] = permission;
  const { fields: _old, ...rest } = node;
  return Object.keys(fields).length > 0 ? { ...rest, fields } : rest;
}

/** Sets the forward action's route (e.g. its branches). */
export function setForwardRoute(node: FlowNode, route: Route): FlowNode {
  const i = forwardActionIndex(node);
  return { ...node, actions: node.actions.map((a, j) => (j === i ? { ...a, route } : a)) };
}

export const simpleCondition = (
  field: string,
  op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq',
  value: unknown,
): Condition => ({ field, op, value });
