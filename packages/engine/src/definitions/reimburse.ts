/** 报销申请 Expense claim: department head, finance, and the finance head above 5,000 yuan. */
import type { ProcessDefinition } from '../types.ts';
import { approve, options, reject, sendBack, text, textarea } from './common.ts';

const category = options([
  ['travel', '差旅费', 'Travel'],
  ['office', '办公用品', 'Office supplies'],
  ['meeting', '会议费', 'Meetings'],
  ['training', '培训费', 'Training'],
  ['equipment', '设备购置', 'Equipment'],
  ['books', '图书资料', 'Books and materials'],
  ['other', '其他', 'Other'],
]);

/** Claims above this many yuan also need the finance head's approval. */
const FINANCE_HEAD_THRESHOLD = 5000;

export const reimburse = {
  code: 'reimburse',
  version: 1,
  name: { zh: '报销申请', en: 'Expense claim' },
  description: {
    zh: '日常费用报销：院系负责人审批，财务处审核，超过 5000 元由财务处处长审批。',
    en: 'Expense claims: department head, then the finance office; above 5,000 yuan also the head of finance.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['amount', 'category', 'description', 'invoiceCount'],
      properties: {
        amount: { type: 'number', exclusiveMinimum: 0, maximum: 1000000 },
        category: category.schema,
        projectCode: { type: 'string', pattern: '^[A-Za-z0-9-]{0,30}$' },
        invoiceCount: { type: 'integer', minimum: 1, maximum: 200 },
        description: text(1000),
      },
    },
    uiSchema: {
      'ui:order': ['amount', 'category', 'projectCode', 'invoiceCount', 'description'],
      amount: { 'ui:widget': 'updown', 'ui:help': { zh: '单位：元', en: 'In yuan (CNY)' } },
      category: { 'ui:widget': 'select', 'ui:enumNames': category.labels },
      projectCode: { 'ui:placeholder': { zh: '如 KY2026-001', en: 'e.g. KY2026-001' } },
      description: textarea(),
    },
    fieldLabels: {
      amount: { zh: '报销金额', en: 'Amount' },
      category: { zh: '费用类别', en: 'Category' },
      projectCode: { zh: '经费项目编号', en: 'Budget code' },
      invoiceCount: { zh: '发票张数', en: 'Number of invoices' },
      description: { zh: '费用说明', en: 'Description' },
    },
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
      id: 'finance',
      name: { zh: '财务处审核', en: 'Finance office review' },
      assignee: { type: 'role', role: 'finance' },
      mode: 'any',
      actions: [
        approve({
          branches: [{ when: { field: 'amount', op: 'gt', value: FINANCE_HEAD_THRESHOLD }, to: 'finance-head' }],
          otherwise: 'end',
        }),
        reject(),
        sendBack(),
      ],
    },
    {
      id: 'finance-head',
      name: { zh: '财务处处长审批', en: 'Head of finance approval' },
      assignee: { type: 'role', role: 'finance_head' },
      mode: 'any',
      actions: [approve('end'), reject(), sendBack()],
    },
  ],
} satisfies ProcessDefinition;
