import { describe, expect, it } from 'vitest';

import { evaluateCondition, type Condition } from '../src/index.ts';

const data = { amount: 5000, text: '5000.01', kind: 'pay', day: '2026-11-23', flag: true };
const check = (condition: Condition) => evaluateCondition(condition, data);

describe('evaluateCondition', () => {
  it.each([
    ['gt', 4999.99, true],
    ['gt', 5000, false],
    ['gte', 5000, true],
    ['lt', 5000, false],
    ['lte', 5000, true],
    ['eq', '5000', true],
    ['neq', 5000, false],
  ] as const)('amount %s %s → %s', (op, value, expected) => {
    expect(check({ field: 'amount', op, value })).toBe(expected);
  });

  it('treats numeric strings as numbers', () => {
    expect(check({ field: 'text', op: 'gt', value: 5000 })).toBe(true);
    expect(check({ field: 'text', op: 'lt', value: '600' })).toBe(false);
  });

  it('orders ISO dates as text', () => {
    expect(check({ field: 'day', op: 'gte', value: '2026-11-01' })).toBe(true);
    expect(check({ field: 'day', op: 'lt', value: '2026-11-01' })).toBe(false);
  });

  it('matches strings and booleans exactly', () => {
    expect(check({ field: 'kind', op: 'eq', value: 'pay' })).toBe(true);
    expect(check({ field: 'kind', op: 'eq', value: 'PAY' })).toBe(false);
    expect(check({ field: 'flag', op: 'eq', value: true })).toBe(true);
    expect(check({ field: 'flag', op: 'eq', value: 'true' })).toBe(false);
  });

  it("'in' looks the value up in a list", () => {
    expect(check({ field: 'kind', op: 'in', value: ['time-off', 'pay'] })).toBe(true);
    expect(check({ field: 'amount', op: 'in', value: ['5000'] })).toBe(true);
    expect(check({ field: 'kind', op: 'in', value: 'pay' })).toBe(false);
  });

  it('a missing field satisfies only neq', () => {
    for (const op of ['gt', 'gte', 'lt', 'lte', 'eq', 'in'] as const) {
      expect(check({ field: 'missing', op, value: op === 'in' ? [1] : 1 })).toBe(false);
    }
    expect(check({ field: 'missing', op: 'neq', value: 1 })).toBe(true);
  });

  it('combines with all and any', () => {
    const big = { field: 'amount', op: 'gt', value: 1000 } as const;
    const small = { field: 'amount', op: 'lt', value: 1000 } as const;
    expect(check({ all: [big, { field: 'kind', op: 'eq', value: 'pay' }] })).toBe(true);
    expect(check({ all: [big, small] })).toBe(false);
    expect(check({ any: [small, big] })).toBe(true);
    expect(check({ any: [small, { all: [small] }] })).toBe(false);
    expect(check({ all: [] })).toBe(true);
    expect(check({ any: [] })).toBe(false);
  });
});
