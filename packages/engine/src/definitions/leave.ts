/** 请假申请 Leave request: counsellor, then the department head. */
import type { ProcessDefinition } from '../types.ts';
import { approve, date, dateWidget, options, phone, reject, sendBack, text, textarea } from './common.ts';

const leaveType = options([
  ['personal', '事假', 'Personal leave'],
  ['sick', '病假', 'Sick leave'],
  ['bereavement', '丧假', 'Bereavement leave'],
  ['marriage', '婚假', 'Marriage leave'],
  ['maternity', '产假/陪产假', 'Maternity or paternity leave'],
  ['other', '其他', 'Other'],
]);

export const leave = {
  code: 'leave',
  version: 1,
  name: { zh: '请假申请', en: 'Leave request' },
  description: {
    zh: '学生或教职工请假，经辅导员审核、所在院系负责人审批。',
    en: 'Leave for students and staff, reviewed by the counsellor and approved by the department head.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['leaveType', 'startDate', 'endDate', 'days', 'reason'],
      properties: {
        leaveType: leaveType.schema,
        startDate: date,
        endDate: date,
        days: { type: 'number', minimum: 0.5, maximum: 365, multipleOf: 0.5 },
        leaveCampus: { type: 'boolean', default: false },
        destination: { type: 'string', maxLength: 100 },
        contactPhone: phone,
        reason: text(500),
      },
    },
    uiSchema: {
      'ui:order': ['leaveType', 'startDate', 'endDate', 'days', 'leaveCampus', 'destination', 'contactPhone', 'reason'],
      leaveType: { 'ui:widget': 'select', 'ui:enumNames': leaveType.labels },
      startDate: dateWidget,
      endDate: dateWidget,
      days: { 'ui:widget': 'updown', 'ui:options': { step: 0.5 } },
      reason: { ...textarea(), 'ui:placeholder': { zh: '请说明请假事由', en: 'Why do you need leave?' } },
    },
    fieldLabels: {
      leaveType: { zh: '请假类型', en: 'Type of leave' },
      startDate: { zh: '开始日期', en: 'Start date' },
      endDate: { zh: '结束日期', en: 'End date' },
      days: { zh: '请假天数', en: 'Days' },
      leaveCampus: { zh: '是否离校', en: 'Leaving campus' },
      destination: { zh: '去向', en: 'Destination' },
      contactPhone: { zh: '联系电话', en: 'Contact phone' },
      reason: { zh: '请假事由', en: 'Reason' },
    },
    rules: [
      {
        type: 'dateOrder',
        from: 'startDate',
        to: 'endDate',
        message: { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
      },
    ],
  },
  steps: [
    {
      id: 'counsellor',
      name: { zh: '辅导员审核', en: 'Counsellor review' },
      assignee: { type: 'role', role: 'counsellor' },
      mode: 'any',
      actions: [approve('head'), reject()],
    },
    {
      id: 'head',
      name: { zh: '院系负责人审批', en: 'Department head approval' },
      assignee: { type: 'departmentHead' },
      mode: 'any',
      actions: [approve('end'), reject(), sendBack()],
    },
  ],
} satisfies ProcessDefinition;
