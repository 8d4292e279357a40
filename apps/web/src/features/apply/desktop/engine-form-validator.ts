import { JUNK_OPTION_ID, type CustomValidator, type ErrorTransformer, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import { validateForm, type FormDefinition } from '@service-hall/engine/form';

type Data = Record<string, unknown>;

/**
 * rjsf validator backed by the engine's form validator, the one the server runs on submit: it interprets the
 * schema (no code generation, so it runs under our CSP) and words every error, cross-field rules included, in
 * zh/en. Errors are handed to rjsf in Ajv's shape so it places them on their fields.
 */
export class EngineFormValidator implements ValidatorType<Data, RJSFSchema> {
  constructor(
    private readonly form: Pick<FormDefinition, 'fieldLabels' | 'rules'>,
    private readonly lng: string,
  ) {}

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: Data) {
    const errors = validateForm({ ...this.form, schema: schema as FormDefinition['schema'] }, formData ?? {}).map((e) => ({
      instancePath: e.field ? `/${e.field.split('.').join('/')}` : '',
      schemaPath: '#',
      keyword: 'engine',
      params: {},
      message: this.lng === 'en' ? e.message.en : e.message.zh,
    }));
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
    return this.rawValidation(schema, formData).errors === undefined;
  }
}
