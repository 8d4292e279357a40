import { describe, expect, it } from 'vitest';
import { validateSubset } from './subset-validator.ts';

const schema = {
  type: 'object',
  required: ['leaveType', 'startDate', 'days'],
  properties: {
    leaveType: { type: 'string', enum: ['sick', 'other'] },
    startDate: { type: 'string', format: 'date' },
    days: { type: 'number', minimum: 0.5, maximum: 365, multipleOf: 0.5 },
    phone: { type: 'string', pattern: '^[0-9+() -]{7,20}$' },
    reason: { type: 'string', minLength: 1, maxLength: 5 },
    campus: { type: 'boolean' },
  },
};

const kinds = (data: unknown) => validateSubset(schema, data).map((e) => `${e.instancePath}:${e.keyword}`);

describe('CSP-safe schema validation', () => {
  it('accepts valid data', () => {
    expect(kinds({ leaveType: 'sick', startDate: '2026-03-01', days: 1.5, phone: '+86 138', reason: '病了', campus: true })).toEqual([]);
  });
  it('reports missing required fields with Ajv-shaped params', () => {
    const e = validateSubset(schema, {});
    expect(e.map((x) => x.params.missingProperty)).toEqual(['leaveType', 'startDate', 'days']);
    expect(e[0]).toMatchObject({ instancePath: '', keyword: 'required' });
  });
  it('checks enum, format, range, step, pattern and length', () => {
    expect(kinds({ leaveType: 'x', startDate: '2026-13-01', days: 0.7, phone: 'abc', reason: '123456' })).toEqual([
      '/leaveType:enum', '/startDate:format', '/days:multipleOf', '/phone:pattern', '/reason:maxLength',
    ]);
    expect(kinds({ leaveType: 'sick', startDate: '2026-01-01', days: 400 })).toEqual(['/days:maximum']);
  });
  it('checks types', () => {
    expect(kinds({ leaveType: 'sick', startDate: '2026-01-01', days: '2' })).toEqual(['/days:type']);
  });
});
