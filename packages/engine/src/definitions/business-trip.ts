/** 出差审批 Business trip: department head, a finance countersign, then HR filing. */
import type { ProcessDefinition } from '../types.ts';
import { approve, date, dateWidget, options, reject, sendBack, text, textarea } from './common.ts';

const transport = options([
  ['train', '高铁/火车', 'High-speed rail or train'],
  ['plane', '飞机', 'Plane'],
  ['ship', '轮船', 'Ship'],
  ['car', '自驾/公务车', 'Own or official car'],
  ['other', '其他', 'Other'],
]);

export const businessTrip = {
  code: 'business-trip',
  version: 1,
  name: { zh: '出差审批', en: 'Business trip' },
  description: {
    zh: '教职工因公出差：院系负责人审批，财务处会签经费，人事处备案。',
    en: 'Official travel: department head approval, a finance office countersign on the budget, HR filing.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['destination', 'startDate', 'endDate', 'transport', 'estimatedCost', 'purpose'],
      properties: {
        destination: text(100),
        startDate: date,
        endDate: date,
        transport: transport.schema,
        estimatedCost: { type: 'number', minimum: 0, maximum: 500000 },
        companions: { type: 'string', maxLength: 200 },
        purpose: text(500),
      },
    },
    uiSchema: {
      'ui:order': ['destination', 'startDate', 'endDate', 'transport', 'estimatedCost', 'companions', 'purpose'],
      startDate: dateWidget,
      endDate: dateWidget,
      transport: { 'ui:widget': 'select', 'ui:enumNames': transport.labels },
      estimatedCost: { 'ui:widget': 'updown', 'ui:help': { zh: '单位：元', en: 'In yuan (CNY)' } },
      companions: { 'ui:placeholder': { zh: '同行人员姓名，用逗号分隔', en: 'Names of colleagues travelling with you' } },
      purpose: textarea(),
    },
    fieldLabels: {
      destination: { zh: '出差地点', en: 'Destination' },
      startDate: { zh: '出发日期', en: 'Departure date' },
      endDate: { zh: '返回日期', en: 'Return date' },
      transport: { zh: '交通方式', en: 'Transport' },
      estimatedCost: { zh: '预计费用', en: 'Estimated cost' },
      companions: { zh: '同行人员', en: 'Travelling with' },
      purpose: { zh: '出差事由', en: 'Purpose' },
    },
    rules: [
      {
        type: 'dateOrder',
        from: 'startDate',
        to: 'endDate',
        message: { zh: '返回日期不能早于出发日期', en: 'The return date cannot be before the departure date' },
      },
    ],
  },
  steps: [
    {
      id: 'head',
      name: { zh: '院系负责人审批', en: 'Department head approval' },
      assignee: { type: 'departmentHead' },
      mode: 'any',
      actions: [approve('finance'), reject()],
    },
    {
      // Every finance officer signs: the budget line and the travel standard are checked by different people.
      id: 'finance',
      name: { zh: '财务处会签', en: 'Finance office countersign' },
      assignee: { type: 'role', role: 'finance' },
      mode: 'all',
      actions: [approve('hr'), reject(), sendBack()],
    },
    {
      id: 'hr',
      name: { zh: '人事处备案', en: 'HR filing' },
      assignee: { type: 'role', role: 'hr' },
      mode: 'any',
      actions: [approve('end', { zh: '备案', en: 'File' }), reject(), sendBack()],
    },
  ],
} satisfies ProcessDefinition;
