import { describe, expect, it } from 'vitest';

import { computeValue, fillComputed } from '../src/form/cross-field.ts';
import type { ComputedRule } from '../src/form/field-kinds.ts';
import { paletteForm } from '../src/testing/palette-form.ts';
import { validateForm } from '../src/validate-form-data.ts';

const rule = (excludeWeekends: boolean): ComputedRule => ({
  fn: 'days',
  from: 'period.start',
  to: 'period.end',
  excludeWeekends,
});
const days = (start: string, end: string, excludeWeekends = false) =>
  computeValue(rule(excludeWeekends), { period: { start, end } });

// The computed field of a date range: what the form designer's "days, excluding weekends" means.
describe('computed days of a date range', () => {
  it('counts both ends, across the end of a month, a leap February and a year', () => {
    expect(days('2026-11-30', '2026-12-06')).toBe(7);
    expect(days('2028-02-27', '2028-03-01')).toBe(4);
    expect(days('2027-02-27', '2027-03-01')).toBe(3);
    expect(days('2026-12-25', '2027-01-03')).toBe(10);
    expect(days('2026-12-10', '2026-12-10')).toBe(1);
  });

  it('counts Monday to Friday only when weekends are excluded', () => {
    // Monday 30 November to Sunday 6 December 2026.
    expect(days('2026-11-30', '2026-12-06', true)).toBe(5);
    // Friday 25 December 2026 to Sunday 3 January 2027: 25, 28, 29, 30, 31 December and 1 January.
    expect(days('2026-12-25', '2027-01-03', true)).toBe(6);
    // A weekend alone has no working day; Saturday to Monday has one.
    expect(days('2026-12-05', '2026-12-06', true)).toBe(0);
    expect(days('2026-12-05', '2026-12-07', true)).toBe(1);
    // Saturday 26 February to Tuesday 1 March 2028 (a leap year): 28, 29 February and 1 March.
    expect(days('2028-02-26', '2028-03-01', true)).toBe(3);
  });

  it('has no value while the dates are missing, impossible or reversed', () => {
    expect(computeValue(rule(false), {})).toBeNull();
    expect(computeValue(rule(false), { period: { start: '2026-12-01' } })).toBeNull();
    expect(days('2026-02-30', '2026-03-02')).toBeNull();
    expect(days('2026-12-06', '2026-11-30')).toBeNull();
  });

  it('reads two date fields as well as the ends of a range', () => {
    const r: ComputedRule = { fn: 'days', from: 'startDate', to: 'endDate' };
    expect(computeValue(r, { startDate: '2026-01-30', endDate: '2026-02-02' })).toBe(4);
  });
});

// What the server does with a computed field an API client leaves out (apps/server form-input.ts).
describe('filling computed fields in', () => {
  const lab = {
    title: 't',
    period: { start: '2026-12-07', end: '2026-12-13' },
    budget: 1,
    lab: 'chem',
    slot: '09:30',
    supervisor: 'lisi',
  };
  it('fills an equal rule from its dates, keeps a number sent, leaves uncountable dates alone', () => {
    expect(fillComputed(paletteForm, lab)).toMatchObject({ workdays: 5 });
    expect(validateForm(paletteForm, fillComputed(paletteForm, lab))).toEqual([]);
    expect(fillComputed(paletteForm, { ...lab, workdays: 4 })).toMatchObject({ workdays: 4 });
    const reversed = { ...lab, period: { start: '2026-12-13', end: '2026-12-07' } };
    expect(fillComputed(paletteForm, reversed)).toBe(reversed);
  });
  it("never fills an atMost rule: below the ceiling is the applicant's choice", () => {
    const atMost = {
      ...paletteForm,
      schema: {
        ...paletteForm.schema,
        properties: {
          ...paletteForm.schema.properties,
          workdays: {
            ...paletteForm.schema.properties.workdays,
            'x-computed': { fn: 'days', from: 'period.start', to: 'period.end', compare: 'atMost' },
          },
        },
      },
    };
    expect(fillComputed(atMost, lab)).not.toHaveProperty('workdays');
  });
});

// Values no layout's input produces but a client of the API may send (the phone's inputs hold text, read back as
// numbers), so they are not rows of the shared table.
describe('kinds refuse values of the wrong type on the wire', () => {
  it('money as text and a department as a number', () => {
    const lab = {
      title: 't',
      period: { start: '2026-12-07', end: '2026-12-13' },
      workdays: 5,
      budget: 1,
      lab: 'chem',
      slot: '09:30',
      supervisor: 'lisi',
    };
    expect(validateForm(paletteForm, { ...lab, budget: '12.5' })).toEqual([
      { field: 'budget', message: { zh: '经费应为数字', en: 'Budget must be a number' } },
    ]);
    expect(validateForm(paletteForm, { ...lab, department: 42 })).toEqual([
      { field: 'department', message: { zh: '所在院系应为文本', en: 'Department must be text' } },
    ]);
  });
});
