import { z } from 'zod';

import { App } from './entities.ts';

/** Wire shapes of workflow endpoints beyond the lists: the apply form's definition. */

export const I18nLabel = z.object({ zh: z.string(), en: z.string() });
export type I18nLabel = z.infer<typeof I18nLabel>;

/** GET /api/definitions/{code}: what the apply form renders. */
export const DefinitionView = z.object({
  code: z.string(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  app: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  /** JSON Schema of the form plus UI hints; labels inside uiSchema stay in both languages. */
  form: z.object({
    schema: z.record(z.string(), z.unknown()),
    uiSchema: z.record(z.string(), z.unknown()),
    fieldLabels: z.record(z.string(), I18nLabel),
    /** Cross-field rules the schema cannot express, e.g. the end date not before the start date. */
    rules: z
      .array(z.object({ type: z.literal('dateOrder'), from: z.string(), to: z.string(), message: I18nLabel }))
      .optional(),
  }),
  /** Field labels in the request's language. */
  labels: z.record(z.string(), z.string()),
  steps: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DefinitionView = z.infer<typeof DefinitionView>;

/** GET /api/app/{code}: a catalogue app with the definition its form is built from (null for an external app). */
export const AppWithDefinition = App.extend({ definition: DefinitionView.nullable() });
export type AppWithDefinition = z.infer<typeof AppWithDefinition>;
