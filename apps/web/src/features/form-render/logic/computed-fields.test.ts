// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { paletteForm } from '@service-hall/engine/testing';

import { withComputed } from './computed-fields.ts';

// What the member sees in a read-only computed field as they pick dates (the server recomputes it on submit).
describe('computed fields as the form is filled', () => {
  it('fills in working days once both dates are there, across the end of a month', () => {
    const data = { period: { start: '2026-11-30', end: '2026-12-06' } };
    expect(withComputed(paletteForm.schema, data)).toEqual({ ...data, workdays: 5 });
  });
  it('drops a stale value when a date is cleared, and returns the same object when nothing changes', () => {
    expect(withComputed(paletteForm.schema, { period: { start: '2026-11-30' }, workdays: 5 })).toEqual({
      period: { start: '2026-11-30' },
    });
    const settled = { period: { start: '2026-12-07', end: '2026-12-13' }, workdays: 5 };
    expect(withComputed(paletteForm.schema, settled)).toBe(settled);
  });
  it('leaves a typed "at most" value (leave days, half days) alone', () => {
    const schema = {
      properties: { days: { type: 'number', 'x-computed': { fn: 'days', from: 'a', to: 'b', compare: 'atMost' } } },
    };
    const data = { a: '2026-12-10', b: '2026-12-12', days: 0.5 };
    expect(withComputed(schema, data)).toBe(data);
  });
});
