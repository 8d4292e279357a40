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
export { jsonDeeperThan } from './json-depth.ts';
export { validateForm, validateFormData } from './validate-form-data.ts';
export { fillComputed } from './form/cross-field.ts';
export {
  acceptsType,
  attachmentLimits,
  checkAttachmentFile,
  ATTACHMENT_SIZE_CEILING,
  type AttachmentLimits,
  type AttachmentRef,
} from './form/attachment.ts';
export { start } from './start-process.ts';
export { act } from './act-on-task.ts';
export { withdraw } from './withdraw-process.ts';
export { availableActions } from './available-actions.ts';
export { evaluateCondition } from './evaluate-condition.ts';
export { transfer, type TransferInput } from './transfer-task.ts';
export { addSigner, type AddSignerInput } from './add-signer.ts';
export { returnTo, returnTargets, type ReturnInput } from './return-to-step.ts';
export { resubmit, type ResubmitInput } from './resubmit-process.ts';
export { reject, type RejectInput } from './reject-process.ts';
export { urge, URGE_INTERVAL, type UrgeInput } from './urge-process.ts';
export { processDiagram, type DiagramInput, type DiagramNode, type DiagramStatus } from './process-diagram.ts';
export { simulatePath } from './simulate-path.ts';
export { fieldPermissionsAt } from './field-permissions.ts';
export { removedFields } from './compare-forms.ts';
export { RESUBMIT_STEP } from './resolve-target.ts';
export { builtinDefinitions, builtinDefinitionTemplates } from './definitions/index.ts';
