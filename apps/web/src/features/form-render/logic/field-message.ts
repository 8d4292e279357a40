import { validateForm, type FormDefinition } from '@service-hall/engine/form';

/** A form as the definition view carries it (the schema typed loosely on the wire). */
export type FormLike = Omit<FormDefinition, 'schema'> & { schema: Record<string, unknown> };

/**
 * The engine's message for one field of a form (the first, when there are several), in the current language;
 * null when the field is fine. The phone checks each field with it: the same validator and texts as the server.
 */
export function fieldMessage(form: FormLike, data: Record<string, unknown>, name: string, lng: string): string | null {
  // The server sends the form of a definition the engine has loaded, so its schema is a FormSchema.
  const mine = validateForm(form as FormDefinition, data).find((e) => e.field.split('.')[0] === name);
  return mine ? (lng === 'en' ? mine.message.en : mine.message.zh) : null;
}
