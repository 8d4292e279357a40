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
  FieldPermission,
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
  WhenNobody,
  WithdrawInput,
} from './types.ts';
export type { DefinitionIssue } from './definition-issue.ts';
export { EngineError, isEngineError, type EngineErrorCode } from './engine-error.ts';
export { loadDefinition, validateDefinition } from './load-definition.ts';
export { validateForm, validateFormData } from './validate-form-data.ts';
export { start } from './start-process.ts';
export { act } from './act-on-task.ts';
export { withdraw } from './withdraw-process.ts';
export { availableActions } from './available-actions.ts';
export { evaluateCondition } from './evaluate-condition.ts';
export { builtinDefinitions, builtinDefinitionTemplates } from './definitions/index.ts';
