/** 加班申请 Overtime: department head; paid overtime also goes to HR. */
import type { ProcessDefinition } from '../types.ts';
import { approve, clockTime, date, dateWidget, options, reject, sendBack, text, textarea, timeWidget } from './common.ts';

const compensation = options([
  ['time-off', '调休', 'Time off in lieu'],
  ['pay', '加班费', 'Overtime pay'],
]);

export const overtime = {
  code: 'overtime',
  version: 1,
  name: { zh: '加班申请', en: 'Overtime request' },
  description: {
    zh: '教职工加班申请：院系负责人审批，申请加班费的由人事处核定。',
    en: 'Staff overtime: the department head approves; HR confirms overtime pay.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['date', 'startTime', 'endTime', 'hours', 'compensation', 'reason'],
      properties: {
        date,
        startTime: clockTime,
        endTime: clockTime,
        hours: { type: 'number', minimum: 0.5, maximum: 24, multipleOf: 0.5 },
        compensation: compensation.schema,
        reason: text(500),
      },
    },
    uiSchema: {
      'ui:order': ['date', 'startTime', 'endTime', 'hours', 'compensation', 'reason'],
      date: dateWidget,
      startTime: timeWidget,
      endTime: timeWidget,
      hours: { 'ui:widget': 'updown', 'ui:options': { step: 0.5 } },
      compensation: { 'ui:widget': 'radio', 'ui:enumNames': compensation.labels },
      reason: textarea(),
    },
    fieldLabels: {
      date: { zh: '加班日期', en: 'Date' },
      startTime: { zh: '开始时间', en: 'Start time' },
      endTime: { zh: '结束时间', en: 'End time' },
      hours: { zh: '加班时长（小时）', en: 'Hours' },
      compensation: { zh: '补偿方式', en: 'Compensation' },
      reason: { zh: '加班事由', en: 'Reason' },
    },
    rules: [
      {
        type: 'dateOrder',
        from: 'startTime',
        to: 'endTime',
        message: { zh: '结束时间不能早于开始时间', en: 'The end time cannot be before the start time' },
      },
    ],
  },
  steps: [
    {
      id: 'head',
      name: { zh: '院系负责人审批', en: 'Department head approval' },
      assignee: { type: 'departmentHead' },
      mode: 'any',
      actions: [
        approve({ branches: [{ when: { field: 'compensation', op: 'eq', value: 'pay' }, to: 'hr' }], otherwise: 'end' }),
        reject(),
      ],
    },
    {
      id: 'hr',
      name: { zh: '人事处核定', en: 'HR confirmation' },
      assignee: { type: 'role', role: 'hr' },
      mode: 'any',
      actions: [approve('end'), reject(), sendBack()],
    },
  ],
} satisfies ProcessDefinition;
