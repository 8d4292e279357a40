import type {
  Action,
  AppRef,
  CcEntry,
  Named,
  Owner,
  ProcessDetail,
  ProcessListItem,
  ProcessStatus,
  ProcessTask,
  SystemRef,
} from '@service-hall/contracts';
import type { ProcessDefinition } from '@service-hall/engine';

import type { Locale } from '../../i18n/messages.ts';
import { actionLabel, stepLabel } from '../definitions/definitions-repository.ts';

/** A process row joined with its app, system and owner — the columns every process presenter needs. */
export interface ProcessJoinedRow {
  id: string;
  entry: string;
  name: string;
  uri: string;
  tags: string;
  status: string;
  priority: number;
  created_at: number;
  updated_at: number;
  rating: number | null;
  review: string;
  data: string;
  app_id: string;
  app_code: string;
  app_name: string;
  app_name_en: string;
  app_tags_en: string;
  app_department: string;
  app_department_en: string;
  system_id: string | null;
  system_name: string | null;
  system_name_en: string | null;
  owner_id: string;
  owner_name: string;
  owner_name_en: string;
  owner_account: string;
  definition_code: string | null;
  definition_version: number | null;
  /** The system whose client started it for its owner. */
  via_system_id: string | null;
}

/** The part of a joined process row that list rows carry (processes-repository.ts listProcessColumns). */
export type ProcessListRow = Pick<
  ProcessJoinedRow,
  | 'id'
  | 'entry'
  | 'name'
  | 'uri'
  | 'tags'
  | 'status'
  | 'created_at'
  | 'updated_at'
  | 'app_id'
  | 'app_code'
  | 'app_name'
  | 'app_name_en'
  | 'app_tags_en'
  | 'app_department'
  | 'app_department_en'
  | 'system_id'
  | 'system_name'
  | 'system_name_en'
  | 'owner_id'
  | 'owner_name'
  | 'owner_name_en'
  | 'owner_account'
  | 'definition_code'
  | 'definition_version'
>;

export interface TaskRow {
  id: string;
  process_id: string;
  step_id: string;
  name: string;
  assignee_id: string;
  status: string;
  actions: string;
  app_id: string;
  uri: string;
  assign_time: number;
  action_id: string | null;
  action_name: string;
  action_user_id: string | null;
  on_behalf_of_id: string | null;
  action_time: number | null;
  remark: string;
  /** The system whose client handled it for the assignee. */
  via_system_id: string | null;
  /** Whom a task closed by 转办 went to. */
  handed_to_id: string | null;
}

export type UserNames = Map<string, { id: string; name: string; name_en: string; account: string }>;
/** Systems named by a process and its tasks (via_system_id), by id. */
export type SystemNames = Map<string, { name: string; name_en: string }>;

/** A system as {id, name} in the request's language (null when none). */
function systemRef(systems: SystemNames, id: string | null, locale: Locale): SystemRef | null {
  if (!id) return null;
  const s = systems.get(id);
  return { id, name: s ? pick(locale, s.name, s.name_en) : id };
}

const pick = (locale: Locale, zh: string, en: string | null | undefined) => (locale === 'en' && en ? en : zh);

/** A user as {id, name} in the request's language. */
export function named(users: UserNames, id: string | null, locale: Locale): Named | null {
  if (!id) return null;
  const u = users.get(id);
  return { id, name: u ? pick(locale, u.name, u.name_en) : id };
}

/** The owner block of lists and details. */
export function presentOwner(row: ProcessListRow, locale: Locale): Owner {
  return { id: row.owner_id, name: pick(locale, row.owner_name, row.owner_name_en), account: row.owner_account };
}

/** A process's name in the request's language: the app's English name stands in for the English title. */
export function processName(row: ProcessListRow, locale: Locale): string {
  return row.name === row.app_name ? pick(locale, row.app_name, row.app_name_en) : row.name;
}

/** Actions stored as [{id, name:{zh,en}}] in the request's language. */
export function presentActions(actionsJson: string, locale: Locale): Action[] {
  const list = JSON.parse(actionsJson) as Array<{ id: string; name: { zh: string; en: string } | string }>;
  return list.map((a) => ({
    id: a.id,
    name: typeof a.name === 'string' ? a.name : pick(locale, a.name.zh, a.name.en),
  }));
}

/** The open task's step name, for pendingTasks and to-do rows. */
export function taskName(
  def: ProcessDefinition | undefined,
  row: Pick<TaskRow, 'step_id' | 'name'>,
  locale: Locale,
): string {
  const label = stepLabel(def, row.step_id) ?? (row.step_id === 'resubmit' ? POWER_LABELS.resubmit : undefined);
  return label ? pick(locale, label.zh, label.en) : row.name;
}

/** The app of a list item: what clients group and filter by (code, department), in the request's language. */
export function presentAppRef(row: ProcessListRow, locale: Locale): AppRef {
  return {
    id: row.app_id,
    name: pick(locale, row.app_name, row.app_name_en),
    code: row.app_code,
    department: pick(locale, row.app_department, row.app_department_en),
  };
}

/** The system of a list item; our own items carry an empty one, never null (clients read `system.name`). */
export function presentSystemRef(row: ProcessListRow, locale: Locale): SystemRef {
  return { id: row.system_id ?? '', name: row.system_name ? pick(locale, row.system_name, row.system_name_en) : '' };
}

/** One row of the doing/done/cc/guest lists. */
export function presentListItem(
  row: ProcessListRow,
  pending: Array<{ id: string; name: string }>,
  locale: Locale,
  read?: boolean,
): ProcessListItem {
  const item: ProcessListItem = {
    id: row.id,
    name: processName(row, locale),
    uri: row.uri,
    entry: row.entry,
    status: row.status as ProcessStatus,
    create: row.created_at,
    update: row.updated_at,
    pendingTasks: pending,
    app: presentAppRef(row, locale),
    system: presentSystemRef(row, locale),
    owner: presentOwner(row, locale),
  };
  if (read !== undefined) item.read = read;
  return item;
}

/** What the timeline calls a task an approval power closed (task-power.ts writes these action ids). */
const POWER_LABELS: Record<string, { zh: string; en: string }> = {
  transfer: { zh: '转办', en: 'Transferred' },
  'sign-before': { zh: '加签（前）', en: 'Added a signer before' },
  return: { zh: '退回', en: 'Returned' },
  // The applicant's task after a return to them: the engine's step id and action id are both `resubmit`.
  resubmit: { zh: '重新提交', en: 'Resubmit' },
};

/** One task of the detail's timeline. */
export function presentProcessTask(
  t: TaskRow,
  def: ProcessDefinition | undefined,
  users: UserNames,
  locale: Locale,
  systems: SystemNames = new Map(),
): ProcessTask {
  const label = t.action_id ? (actionLabel(def, t.step_id, t.action_id) ?? POWER_LABELS[t.action_id]) : undefined;
  return {
    id: t.id,
    name: taskName(def, t, locale),
    status: t.status as ProcessTask['status'],
    assignee: named(users, t.assignee_id, locale),
    assignTime: t.assign_time,
    actionUser: named(users, t.action_user_id, locale),
    onBehalfOf: named(users, t.on_behalf_of_id, locale),
    actionTime: t.action_time,
    actionName: label ? pick(locale, label.zh, label.en) : t.action_name,
    remark: t.remark,
    viaSystem: systemRef(systems, t.via_system_id, locale),
    handedTo: named(users, t.handed_to_id, locale),
  };
}

export interface DetailExtras {
  tasks: TaskRow[];
  cc: Array<{ user_id: string; read: number; created_at: number }>;
  users: UserNames;
  systems: SystemNames;
  def: ProcessDefinition | undefined;
  myTask: { id: string; actions: Action[]; returnTo: Action[] } | null;
  canRate: boolean;
  canWithdraw: boolean;
}

/** The process detail (ProcessDetail) for one viewer, without what process-detail.ts adds (urges, diagram, dataNames). */
export function presentDetail(
  row: ProcessJoinedRow,
  x: DetailExtras,
  locale: Locale,
): Omit<ProcessDetail, 'canUrge' | 'urges' | 'diagram' | 'dataNames'> {
  const pending = x.tasks
    .filter((t) => t.status === 'todo')
    .map((t) => ({ id: t.id, name: taskName(x.def, t, locale) }));
  const cc: CcEntry[] = x.cc.map((c) => ({
    user: named(x.users, c.user_id, locale)!,
    read: c.read === 1,
    create: c.created_at,
  }));
  return {
    ...presentListItem(row, pending, locale),
    priority: row.priority,
    tags: pick(locale, row.tags, row.app_tags_en),
    rating: row.rating,
    review: row.review,
    data: JSON.parse(row.data) as Record<string, unknown>,
    tasks: x.tasks.map((t) => presentProcessTask(t, x.def, x.users, locale, x.systems)),
    cc,
    myTask: x.myTask,
    canRate: x.canRate,
    canWithdraw: x.canWithdraw,
    // Last, in the contract's order: a replayed answer (stored JSON) must match the serialised first one byte for byte.
    startedVia: systemRef(x.systems, row.via_system_id, locale),
  };
}
