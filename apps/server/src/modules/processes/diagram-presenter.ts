import type { Action, DiagramNode } from '@service-hall/contracts';
import {
  processDiagram,
  RESUBMIT_STEP,
  returnTargets,
  type Directory,
  type ProcessDefinition,
  type ProcessState,
} from '@service-hall/engine';

import type { Locale } from '../../i18n/messages.ts';
import { named, type TaskRow, type UserNames } from './process-presenter.ts';

/** Upcoming role steps could name a whole role; the diagram shows a few. */
const MAX_NAMES = 5;

const pick = (locale: Locale, t: { zh: string; en: string }) => (locale === 'en' ? t.en : t.zh);

/** The applicant as a return target (退回给申请人). */
const TO_APPLICANT = { zh: '申请人（重新提交）', en: 'Applicant (to resubmit)' };

/** The engine's diagram of a process with the users it names; empty for processes without a definition. */
export function diagramOf(
  def: ProcessDefinition | undefined,
  state: ProcessState | undefined,
  tasks: TaskRow[],
  directory?: Directory,
) {
  if (!def || !state?.path) return [];
  const handled = tasks
    .filter((t) => t.status === 'done' && t.action_user_id)
    .map((t) => ({ stepId: t.step_id, userId: t.action_user_id! }));
  return processDiagram(def, state, { handled, directory }).map((n) => ({
    ...n,
    userIds: n.userIds.slice(0, MAX_NAMES),
  }));
}

/** The diagram in the request's language, with names. */
export function presentDiagram(nodes: ReturnType<typeof diagramOf>, users: UserNames, locale: Locale): DiagramNode[] {
  return nodes.map((n) => ({
    id: n.id,
    kind: n.kind,
    name: pick(locale, n.name),
    status: n.status,
    users: n.userIds.map((id) => named(users, id, locale)!),
  }));
}

/**
 * Where the holder of an open task may return the process: earlier steps, nearest first, then the applicant.
 * None from a countersign step (the engine refuses it: RETURN_FROM_COUNTERSIGN) or from a resubmission.
 */
export function returnTargetsOf(
  def: ProcessDefinition | undefined,
  state: ProcessState | undefined,
  stepId: string,
  locale: Locale,
): Action[] {
  if (!def || !state?.path || state.status !== 'doing' || stepId === RESUBMIT_STEP) return [];
  if (def.steps.find((s) => s.id === stepId)?.mode === 'all') return [];
  return returnTargets(state).map((id) => {
    const step = def.steps.find((s) => s.id === id);
    return { id, name: pick(locale, id === RESUBMIT_STEP || !step ? TO_APPLICANT : step.name) };
  });
}
