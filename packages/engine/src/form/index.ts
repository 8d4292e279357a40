/**
 * The form half of the engine, without the definition schema (zod) or the process engine: what the web
 * layouts import to validate and describe forms (`@service-hall/engine/form`).
 */
export { validateForm } from '../validate-form-data.ts';
export { computeValue, fillComputed, valueAt } from './cross-field.ts';
export { describeError } from './form-messages.ts';
export { fieldKindOf, FIELD_KINDS, type ComputedRule, type FieldKind } from './field-kinds.ts';
export { isDate, isDateTime, isTime } from './calendar.ts';
export { FORBIDDEN_KEYS } from './schema-errors.ts';
export { checkFormSchema } from './form-schema-check.ts';
export type { FormDefinition, FormError, I18nText } from '../types.ts';
export {
  acceptsType,
  attachmentLimits,
  checkAttachmentFile,
  ATTACHMENT_SIZE_CEILING,
  type AttachmentLimits,
  type AttachmentRef,
} from './attachment.ts';
