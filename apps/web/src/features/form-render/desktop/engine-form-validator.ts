import {
  createErrorHandler,
  getDefaultFormState,
  JUNK_OPTION_ID,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

import { validateForm, type FormDefinition } from '@service-hall/engine/form';

type Data = Record<string, unknown>;

/**
 * rjsf validator backed by the engine's form validator, the one the server runs on submit: it interprets the
 * schema (no code generation, so it runs under our CSP) and words every error, cross-field rules included, in
 * zh/en. No Ajv and no rjsf validator package: the engine's errors become rjsf's error list and error schema
 * here, with @rjsf/utils alone.
 */
export class EngineFormValidator implements ValidatorType<Data, RJSFSchema> {
  constructor(
    private readonly form: Pick<FormDefinition, 'fieldLabels' | 'rules'>,
    private readonly lng: string,
  ) {}

  /** The engine's errors as rjsf errors: `property` is the dotted path rjsf keys its error schema by. */
  private errorsOf(schema: RJSFSchema, formData?: Data): RJSFValidationError[] {
    return validateForm({ ...this.form, schema: schema as FormDefinition['schema'] }, formData ?? {}).map((e) => {
      const message = this.lng === 'en' ? e.message.en : e.message.zh;
      return {
        name: 'engine',
        property: e.field ? `.${e.field}` : '',
        message,
        stack: message,
        params: {},
        schemaPath: '#',
      };
    });
  }

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: Data) {
    const errors = this.errorsOf(schema, formData);
    return { errors: (errors.length ? errors : undefined) as Result[] | undefined };
  }

  validateFormData(
    formData: Data | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<Data, RJSFSchema>,
    transformErrors?: ErrorTransformer<Data, RJSFSchema>,
    uiSchema?: UiSchema<Data, RJSFSchema>,
  ): ValidationData<Data> {
    let errors = this.errorsOf(schema, formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const result = { errors, errorSchema: toErrorSchema<Data>(errors) };
    if (!customValidate) return result;
    // As rjsf's own validators do: custom validation sees the form with its defaults filled in.
    const filled = (getDefaultFormState<Data, RJSFSchema>(this, schema, formData, schema, true) ?? {}) as Data;
    const handler = customValidate(filled, createErrorHandler<Data>(filled), uiSchema, result.errorSchema);
    return validationDataMerge<Data>(result, unwrapErrorHandler<Data>(handler));
  }

  isValid(schema: RJSFSchema, formData: Data | undefined): boolean {
    if ((schema as { $id?: string }).$id === JUNK_OPTION_ID) return false;
    return this.errorsOf(schema, formData).length === 0;
  }
}
