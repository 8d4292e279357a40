/** Wire shapes of workflow endpoints that the spec's table omits (DESIGN §4): the apply form's definition. */

export interface I18nLabel {
  zh: string;
  en: string;
}

/** GET /api/definitions/{code}: what the apply form renders. */
export interface DefinitionView {
  code: string;
  version: number;
  name: string;
  description: string;
  app: { id: string; name: string; code: string };
  /** JSON Schema of the form plus UI hints; labels inside uiSchema stay in both languages. */
  form: {
    schema: Record<string, unknown>;
    uiSchema: Record<string, unknown>;
    fieldLabels: Record<string, I18nLabel>;
    /** Cross-field rules the schema cannot express, e.g. the end date not before the start date. */
    rules?: Array<{ type: 'dateOrder'; from: string; to: string; message: I18nLabel }>;
  };
  /** Field labels in the request's language. */
  labels: Record<string, string>;
  steps: Array<{ id: string; name: string }>;
}
