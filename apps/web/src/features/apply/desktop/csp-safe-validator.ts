import { JUNK_OPTION_ID, type CustomValidator, type ErrorTransformer, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import { validateSubset, type Schema } from '../logic/subset-validator.ts';

type Data = Record<string, unknown>;

/** rjsf validator backed by validateSubset: no code generation, so it runs under our CSP (see subset-validator.ts). */
export class CspSafeValidator implements ValidatorType<Data, RJSFSchema> {
  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: Data) {
    const errors = validateSubset(schema as Schema, formData ?? {});
    return { errors: (errors.length ? errors : undefined) as Result[] | undefined };
  }

  validateFormData(
    formData: Data | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<Data, RJSFSchema>,
    transformErrors?: ErrorTransformer<Data, RJSFSchema>,
    uiSchema?: UiSchema<Data, RJSFSchema>,
  ) {
    const raw = this.rawValidation(schema, formData);
    // Same post-processing as the Ajv validator: error schema per field, custom validation, transforms.
    return processRawValidationErrors(this as never, raw as never, formData, schema, customValidate, transformErrors, uiSchema);
  }

  isValid(schema: RJSFSchema, formData: Data | undefined): boolean {
    if ((schema as { $id?: string }).$id === JUNK_OPTION_ID) return false;
    return validateSubset(schema as Schema, formData).length === 0;
  }
}

export const cspSafeValidator = new CspSafeValidator();
