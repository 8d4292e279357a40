/** Shapes of process definitions, process state and effects. The server codes against these names. */

export type I18nText = { zh: string; en: string };

/** A JSON Schema (draft-07) node; kept open because forms may use any keyword ajv understands. */
export type JsonSchema = { [keyword: string]: unknown };

/** The root of a form schema: always an object whose properties are the form's fields. */
export type FormSchema = JsonSchema & {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
};

export type CrossFieldRule = { type: 'dateOrder'; from: string; to: string; message: I18nText };

export interface FormDefinition {
  schema: FormSchema;
  /** UI hints for the form renderer (ui:widget, ui:order, ui:enumNames as I18nText[] …). */
  uiSchema?: Record<string, unknown>;
  fieldLabels: Record<string, I18nText>;
  rules?: CrossFieldRule[];
}

export type AssigneeRule =
  | { type: 'starter' }
  | { type: 'user'; account: string }
  | { type: 'role'; role: string }
  | { type: 'departmentHead' }
  | { type: 'field'; field: string /* form field holding an account */ };

export type Condition =
  | { field: string; op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'in'; value: unknown }
  | { all: Condition[] }
  | { any: Condition[] };

/** Where an action leads: a step id, a terminal keyword, or a choice made on the form data. */
export type Target =
  | string /* step id | 'end' | 'reject' | 'back' */
  | { branches: Array<{ when: Condition; to: Target }>; otherwise?: Target /* required to publish */ };

export interface ActionDefinition {
  id: string;
  name: I18nText;
  to: Target;
  remarkRequired?: boolean;
}

export type CcRule = { on: 'start' | 'finish'; assignee: AssigneeRule };

/** What a step does when its rule names nobody: refuse to enter (the default), pass it, or ask a fallback. */
export type WhenNobody = { action: 'refuse' } | { action: 'skip' } | { action: 'assign'; assignee: AssigneeRule };

/** How a field appears to the assignees of a step. */
export type FieldPermission = 'readonly' | 'editable' | 'hidden' | 'required';

export interface StepDefinition {
  id: string;
  name: I18nText;
  /**
   * `approval` (default): assignees decide with the actions. `cc`: the assignees are copied and the process
   * moves on at once along the step's single action; nobody acts on it.
   */
  kind?: 'approval' | 'cc';
  assignee: AssigneeRule;
  mode: 'any' | 'all';
  actions: ActionDefinition[];
  /** Step copies: 'start' when the step is entered, 'finish' when it is left forwards. */
  cc?: CcRule[];
  whenNobody?: WhenNobody;
  /** Per-field access at this step; fields not named are read-only. */
  fields?: Record<string, FieldPermission>;
}

export interface ProcessDefinition {
  code: string;
  version: number;
  name: I18nText;
  description?: I18nText;
  form: FormDefinition;
  /** The first step is entered on start. */
  steps: StepDefinition[];
  /** Process copies: 'start' on start, 'finish' when the process completes. */
  cc?: CcRule[];
}

/** Synchronous lookups over data the caller preloaded — keeps the engine pure. */
export interface Directory {
  userIdByAccount(account: string): string | null;
  userIdsWithRole(role: string): string[];
  departmentHeadOf(userId: string): string | null;
}

export type ProcessStatus = 'doing' | 'completed' | 'rejected' | 'withdrawn';

export interface OpenTask {
  taskId: string;
  stepId: string;
  assigneeId: string;
  /** A signer added before somebody (前加签): when they approve, this user's task opens again. */
  then?: string;
  /** A signer added after somebody (后加签): the step waits for them even in mode `any`. */
  added?: true;
}

export interface DecidedTask extends OpenTask {
  actionId: string;
}

/** JSON-serialisable; stored in processes.state. */
export interface ProcessState {
  processId: string;
  definitionCode: string;
  definitionVersion: number;
  status: ProcessStatus;
  starterId: string;
  data: Record<string, unknown>;
  currentStepId: string | null;
  /** Step ids visited where somebody acted, for 'back' and returns. */
  path: string[];
  /** Cc steps and steps skipped for want of an assignee, in the order passed (for the diagram). */
  passed?: string[];
  openTasks: OpenTask[];
  /** Decisions in the current step visit (countersign bookkeeping). */
  decided: DecidedTask[];
  /** Anybody other than the starter has acted → withdraw no longer allowed. */
  othersActed: boolean;
  /** Task ids are `${processId}.${taskSeq}` — deterministic. */
  taskSeq: number;
  startedAt: number;
  updatedAt: number;
}

export type Effect =
  | {
      type: 'task.created';
      taskId: string;
      stepId: string;
      name: I18nText;
      assigneeId: string;
      actions: Array<{ id: string; name: I18nText }>;
    }
  | {
      type: 'task.completed';
      taskId: string;
      actionId: string;
      actionName: I18nText;
      actorId: string;
      onBehalfOfId: string | null;
      remark: string;
    }
  | {
      type: 'task.cancelled';
      taskId: string;
      reason: 'peer-decided' | 'withdrawn' | 'step-left' | 'transferred' | 'returned' | 'signer-added';
    }
  | { type: 'process.copied'; userIds: string[] }
  | { type: 'process.finished'; status: 'completed' | 'rejected' | 'withdrawn' }
  | { type: 'notify'; userId: string; kind: 'task.assigned' | 'process.finished' | 'process.copied' }
  /** 催办: the current assignees are to be reminded (a notification each). */
  | { type: 'process.urged'; actorId: string; userIds: string[] }
  /** A line of the process's timeline for an approval power: who did what to whom, and why. */
  | {
      type: 'process.logged';
      kind: 'transferred' | 'signer-added-before' | 'signer-added-after' | 'returned' | 'resubmitted' | 'urged';
      actorId: string;
      onBehalfOfId: string | null;
      stepId: string | null;
      userIds: string[];
      remark: string;
    };

export interface Transition {
  state: ProcessState;
  effects: Effect[];
}

export interface StartInput {
  processId: string;
  starterId: string;
  data: Record<string, unknown>;
  now: number;
  directory: Directory;
}

export interface ActInput {
  taskId: string;
  actionId: string;
  actorId: string;
  onBehalfOfId: string | null;
  remark: string;
  now: number;
  directory: Directory;
  /** A resubmission only: the corrected form data (validated by the caller, as for start); omitted = unchanged. */
  data?: Record<string, unknown>;
}

export interface WithdrawInput {
  actorId: string;
  now: number;
}

export interface FormError {
  field: string;
  message: I18nText;
}
