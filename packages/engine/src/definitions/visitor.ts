/** 访客登记 Visitor registration, confirmed by the host named in the form. */
import type { ProcessDefinition } from '../types.ts';
import { approve, date, dateWidget, phone, reject, text, textarea } from './common.ts';

export const visitor = {
  code: 'visitor',
  version: 1,
  name: { zh: '访客登记', en: 'Visitor registration' },
  description: {
    zh: '校外人员来访登记，由被访人确认后生成入校凭证。',
    en: 'Register a visitor from outside; the person they visit confirms before the gate pass is issued.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['visitorName', 'visitorPhone', 'visitDate', 'visitors', 'host', 'purpose'],
      properties: {
        visitorName: text(50),
        visitorPhone: phone,
        organisation: { type: 'string', maxLength: 100 },
        visitDate: date,
        visitors: { type: 'integer', minimum: 1, maximum: 20, default: 1 },
        plateNumber: { type: 'string', maxLength: 10 },
        host: { type: 'string', minLength: 1, maxLength: 64 },
        purpose: text(300),
      },
    },
    uiSchema: {
      'ui:order': ['visitorName', 'visitorPhone', 'organisation', 'visitDate', 'visitors', 'plateNumber', 'host', 'purpose'],
      visitDate: dateWidget,
      visitors: { 'ui:widget': 'updown' },
      plateNumber: { 'ui:placeholder': { zh: '如驾车入校请填写', en: 'If arriving by car' } },
      host: {
        // Renderers that have a directory picker can offer it; others show a plain text box.
        'ui:options': { userPicker: true },
        'ui:help': { zh: '被访人的工号或学号', en: "The host's staff or student account" },
      },
      purpose: textarea(3),
    },
    fieldLabels: {
      visitorName: { zh: '访客姓名', en: 'Visitor name' },
      visitorPhone: { zh: '访客电话', en: 'Visitor phone' },
      organisation: { zh: '访客单位', en: 'Organisation' },
      visitDate: { zh: '来访日期', en: 'Date of visit' },
      visitors: { zh: '来访人数', en: 'Number of visitors' },
      plateNumber: { zh: '车牌号', en: 'Vehicle plate' },
      host: { zh: '被访人', en: 'Host' },
      purpose: { zh: '来访事由', en: 'Purpose' },
    },
  },
  steps: [
    {
      id: 'host',
      name: { zh: '被访人确认', en: 'Host confirmation' },
      assignee: { type: 'field', field: 'host' },
      mode: 'any',
      actions: [approve('end', { zh: '确认来访', en: 'Confirm visit' }), reject({ zh: '拒绝来访', en: 'Decline' })],
    },
  ],
} satisfies ProcessDefinition;
