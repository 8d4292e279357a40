import { describe, expect, it } from 'vitest';
import type { DefinitionView } from '@service-hall/contracts';
import { formFields } from './form-fields.ts';

const def = {
  labels: { leaveType: '请假类型' },
  form: {
    schema: { properties: { leaveType: { enum: ['personal', 'sick'] } } },
    uiSchema: { leaveType: { 'ui:enumNames': [{ zh: '事假', en: 'Personal' }, { zh: '病假', en: 'Sick' }] } },
    fieldLabels: { days: { zh: '天数', en: 'Days' } },
  },
} as unknown as DefinitionView;

describe('formFields', () => {
  it('uses definition labels and option names, raw keys otherwise', () => {
    expect(formFields({ leaveType: 'sick', days: 2, extra: true }, def, 'zh')).toEqual([
      { key: 'leaveType', label: '请假类型', value: '病假' },
      { key: 'days', label: '天数', value: '2' },
      { key: 'extra', label: 'extra', value: '是' },
    ]);
    expect(formFields({ leaveType: 'sick' }, null, 'en')).toEqual([{ key: 'leaveType', label: 'leaveType', value: 'sick' }]);
  });
});
