/** What a field of each kind starts as when dropped from the palette: a schema the engine reads, and UI hints. */
import type { FieldKind, FormDefinition, I18nText } from '@service-hall/engine/form';

type Schema = Record<string, unknown>;

/** Texts a new field needs in both languages (from the designer's locale files, never literals here). */
export interface DefaultTexts {
  option: (n: number) => I18nText;
  description: I18nText;
}

/** The first date range of the form, as a computed field's default source. */
function firstRange(form: FormDefinition): string | undefined {
  return Object.entries(form.schema.properties).find(([, p]) => p['x-kind'] === 'dateRange')?.[0];
}

const options = (texts: DefaultTexts) => ({
  values: ['option1', 'option2'],
  names: [texts.option(1), texts.option(2)],
});

export function defaultField(
  kind: FieldKind,
  form: FormDefinition,
  texts: DefaultTexts,
): { schema: Schema; ui?: Schema } {
  switch (kind) {
    case 'text':
      return { schema: { type: 'string', 'x-kind': kind, maxLength: 100 } };
    case 'textarea':
      return {
        schema: { type: 'string', 'x-kind': kind, maxLength: 500 },
        ui: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
      };
    case 'number':
      return { schema: { type: 'number', 'x-kind': kind } };
    case 'money':
      return { schema: { type: 'number', 'x-kind': kind, 'x-unit': 'CNY', minimum: 0 } };
    case 'boolean':
      return { schema: { type: 'boolean', 'x-kind': kind } };
    case 'date':
      return { schema: { type: 'string', 'x-kind': kind, format: 'date' }, ui: { 'ui:widget': 'date' } };
    case 'dateRange':
      return {
        schema: {
          type: 'object',
          'x-kind': kind,
          required: ['start', 'end'],
          properties: { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } },
        },
      };
    case 'time':
      return { schema: { type: 'string', 'x-kind': kind, format: 'time' } };
    case 'dateTime':
      return { schema: { type: 'string', 'x-kind': kind, format: 'date-time' } };
    case 'select': {
      const o = options(texts);
      return { schema: { type: 'string', 'x-kind': kind, enum: o.values }, ui: { 'ui:enumNames': o.names } };
    }
    case 'multiSelect': {
      const o = options(texts);
      return {
        schema: { type: 'array', 'x-kind': kind, uniqueItems: true, items: { type: 'string', enum: o.values } },
        ui: { 'ui:enumNames': o.names },
      };
    }
    case 'person':
    case 'department':
      return { schema: { type: 'string', 'x-kind': kind, maxLength: 64 } };
    case 'attachment':
      // Limits as the attachment widget reads them: x-accept (types), x-max-size (bytes per file), maxItems.
      return {
        schema: {
          type: 'array',
          'x-kind': kind,
          items: { type: 'string', format: 'uuid' },
          maxItems: 5,
          'x-max-size': 20 * 1024 * 1024,
        },
      };
    case 'computed': {
      const range = firstRange(form);
      return {
        schema: {
          type: 'number',
          'x-kind': kind,
          'x-computed': {
            fn: 'days',
            from: range ? `${range}.start` : '',
            to: range ? `${range}.end` : '',
            excludeWeekends: false,
          },
        },
      };
    }
    case 'description':
      return { schema: { type: 'string', 'x-kind': kind }, ui: { 'ui:description': texts.description } };
  }
}
