/** 在读证明 Certificate of enrolment, issued by the academic affairs office. */
import type { ProcessDefinition } from '../types.ts';
import { approve, options, reject, textarea } from './common.ts';

const purpose = options([
  ['visa', '签证办理', 'Visa application'],
  ['scholarship', '奖助学金申请', 'Scholarship or grant'],
  ['internship', '实习/求职', 'Internship or job application'],
  ['exchange', '交流学习', 'Exchange study'],
  ['other', '其他', 'Other'],
]);

const language = options([
  ['zh', '中文', 'Chinese'],
  ['en', '英文', 'English'],
  ['both', '中英文各一份', 'Chinese and English'],
]);

export const enrolmentCertificate = {
  code: 'enrolment-certificate',
  version: 1,
  name: { zh: '在读证明', en: 'Certificate of enrolment' },
  description: {
    zh: '申请开具在读证明，教务处审核后出具，并抄送所在院系负责人。',
    en: 'Request a certificate of enrolment; academic affairs issues it and the department head is copied.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['purpose', 'language', 'copies'],
      properties: {
        purpose: purpose.schema,
        language: language.schema,
        copies: { type: 'integer', minimum: 1, maximum: 5, default: 1 },
        remark: { type: 'string', maxLength: 300 },
      },
    },
    uiSchema: {
      'ui:order': ['purpose', 'language', 'copies', 'remark'],
      purpose: { 'ui:widget': 'select', 'ui:enumNames': purpose.labels },
      language: { 'ui:widget': 'radio', 'ui:enumNames': language.labels },
      copies: { 'ui:widget': 'updown' },
      remark: textarea(3),
    },
    fieldLabels: {
      purpose: { zh: '用途', en: 'Purpose' },
      language: { zh: '证明语言', en: 'Language' },
      copies: { zh: '份数', en: 'Copies' },
      remark: { zh: '备注', en: 'Remarks' },
    },
  },
  steps: [
    {
      id: 'academic',
      name: { zh: '教务处出具', en: 'Academic affairs issues' },
      assignee: { type: 'role', role: 'academic' },
      mode: 'any',
      actions: [approve('end', { zh: '出具证明', en: 'Issue' }), reject()],
    },
  ],
  cc: [{ on: 'finish', assignee: { type: 'departmentHead' } }],
} satisfies ProcessDefinition;
