/** Public API of the approval-workflow engine: pure functions over definitions and serialisable state. */
export type {
  ActInput,
  ActionDefinition,
  AssigneeRule,
  CcRule,
  Condition,
  CrossFieldRule,
  DecidedTask,
  Directory,
  Effect,
  FormDefinition,
  FormError,
  FormSchema,
  I18nText,
  JsonSchema,
  OpenTask,
  ProcessDefinition,
  ProcessState,
  ProcessStatus,
  StartInput,
  StepDefinition,
  Target,
  Transition,
  WithdrawInput,
} from './types.ts';
export { EngineError, isEngineError, type EngineErrorCode } from './engine-error.ts';
export { loadDefinition } from './load-definition.ts';
export { validateFormData } from './validate-form-data.ts';
export { start } from './start-process.ts';
export { act } from './act-on-task.ts';
export { withdraw } from './withdraw-process.ts';
export { availableActions } from './available-actions.ts';
export { evaluateCondition } from './evaluate-condition.ts';
export { builtinDefinitions } from './definitions/index.ts';
