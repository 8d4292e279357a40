import { describe, expect, it } from 'vitest';

import { checkFormSchema } from '../src/form/form-schema-check.ts';
import { validateForm } from '../src/index.ts';
import { formCases } from '../src/testing/index.ts';

describe('the form-validation table', () => {
  it.each(formCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(validateForm(c.form, c.data)).toEqual(c.errors);
  });

  it('uses forms the validator can read', () => {
    for (const c of formCases) expect(checkFormSchema(c.form.schema)).toEqual([]);
  });
});
