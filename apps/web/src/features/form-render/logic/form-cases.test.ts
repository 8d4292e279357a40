// @vitest-environment node
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';

import { formCases } from '@service-hall/engine/testing';

import { EngineFormValidator } from '../desktop/engine-form-validator.ts';
import { fieldMessage } from './field-message.ts';
import { phoneValues } from './phone-values.ts';

// The engine's table of good and bad inputs, run through what each layout uses: the same verdicts and texts.
describe.each(['zh', 'en'] as const)('the form-validation table in %s', (lng) => {
  it.each(formCases.map((c) => [c.name, c] as const))('desktop: %s', (_, c) => {
    const { errors } = new EngineFormValidator(c.form, lng).validateFormData(
      c.data as Record<string, unknown>,
      c.form.schema as RJSFSchema,
    );
    expect(errors.map((e) => [e.property, e.message])).toEqual(
      c.errors.map((e) => [e.field ? `.${e.field}` : '', e.message[lng]]),
    );
  });

  it.each(
    formCases
      .filter((c) => typeof c.data === 'object' && c.data !== null && !Array.isArray(c.data))
      .map((c) => [c.name, c] as const),
  )('phone: %s', (_, c) => {
    // As the phone's inputs hold them: numbers as the text typed ("-3", "100"), then read back by phoneValues.
    const typed = Object.fromEntries(
      Object.entries(c.data as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
    );
    const data = phoneValues(typed, c.form);
    for (const name of Object.keys(c.form.schema.properties)) {
      const first = c.errors.find((e) => e.field.split('.')[0] === name);
      expect(fieldMessage(c.form, data, name, lng), name).toBe(first ? first.message[lng] : null);
    }
  });
});
