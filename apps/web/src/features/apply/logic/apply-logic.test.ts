import { describe, expect, it } from 'vitest';

import { fieldsOf } from '../../form-render/logic/fields.ts';
import { fieldOf, localise } from '../../form-render/logic/localise.ts';
import { hasUserInput } from './drafts.ts';

const schema = {
  type: 'object',
  required: ['leaveType', 'startDate'],
  properties: {
    leaveType: { type: 'string', enum: ['sick', 'other'] },
    startDate: { type: 'string', format: 'date' },
    endDate: { type: 'string', format: 'date' },
    days: { type: 'number', minimum: 0.5, multipleOf: 0.5 },
    reason: { type: 'string', maxLength: 500 },
  },
};
const ui = {
  'ui:order': ['leaveType', 'startDate', 'endDate', 'days', 'reason'],
  leaveType: {
    'ui:enumNames': [
      { zh: '病假', en: 'Sick' },
      { zh: '其他', en: 'Other' },
    ],
  },
  reason: { 'ui:widget': 'textarea', 'ui:placeholder': { zh: '事由', en: 'Why' } },
};

describe('form helpers', () => {
  it('localises {zh,en} pairs in the uiSchema', () => {
    expect(localise(ui, 'en').leaveType['ui:enumNames']).toEqual(['Sick', 'Other']);
    expect(localise(ui, 'zh').reason['ui:placeholder']).toBe('事由');
  });
  it('derives mobile fields in ui:order with kinds and options', () => {
    const f = fieldsOf(schema, localise(ui, 'zh'), { startDate: '开始日期' });
    expect(f.map((x) => [x.name, x.kind])).toEqual([
      ['leaveType', 'select'],
      ['startDate', 'date'],
      ['endDate', 'date'],
      ['days', 'number'],
      ['reason', 'textarea'],
    ]);
    expect(f[0].options).toEqual([
      { value: 'sick', label: '病假' },
      { value: 'other', label: '其他' },
    ]);
    expect(f[1]).toMatchObject({ label: '开始日期', required: true });
    expect(f[3].step).toBe(0.5);
  });
  it('maps server error paths to field names', () => {
    expect(fieldOf('/endDate')).toBe('endDate');
    expect(fieldOf('data.days')).toBe('days');
    expect(fieldOf('reason')).toBe('reason');
  });
});

describe('multi-select fields', () => {
  it('maps an array of enum to a multiSelect field with labels', () => {
    const s = { properties: { eq: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } } };
    const f = fieldsOf(s, { eq: { 'ui:enumNames': ['甲', '乙'] } }, {});
    expect(f[0]).toMatchObject({
      kind: 'multiSelect',
      options: [
        { value: 'a', label: '甲' },
        { value: 'b', label: '乙' },
      ],
    });
  });
});

describe('drafts', () => {
  const s = { properties: { leaveCampus: { type: 'boolean', default: false }, reason: { type: 'string' } } };
  it('are not kept for defaults and empty values alone', () => {
    expect(hasUserInput({ leaveCampus: false, reason: '' }, s)).toBe(false);
    expect(hasUserInput({ leaveCampus: true }, s)).toBe(true);
    expect(hasUserInput({ reason: 'x' }, s)).toBe(true);
  });
});
