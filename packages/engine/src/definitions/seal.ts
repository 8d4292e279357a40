/** 用印申请 Seal use: department head, then the general office; administrators are copied on submission. */
import type { ProcessDefinition } from '../types.ts';
import { approve, date, dateWidget, options, reject, sendBack, text, textarea } from './common.ts';

const sealType = options([
  ['university', '学校公章', 'University seal'],
  ['party', '党委公章', 'Party committee seal'],
  ['department', '部门公章', 'Department seal'],
  ['contract', '合同专用章', 'Contract seal'],
  ['president', '校长签名章', "President's signature stamp"],
]);

export const seal = {
  code: 'seal',
  version: 1,
  name: { zh: '用印申请', en: 'Seal use' },
  description: {
    zh: '申请加盖学校或部门印章，院系负责人审批后由学校办公室用印。',
    en: 'Ask for an official seal; after the department head approves, the general office applies it.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['sealType', 'documentName', 'copies', 'useDate', 'purpose'],
      properties: {
        sealType: sealType.schema,
        documentName: text(100),
        copies: { type: 'integer', minimum: 1, maximum: 200 },
        useDate: date,
        takeOut: { type: 'boolean', default: false },
        purpose: text(500),
      },
    },
    uiSchema: {
      'ui:order': ['sealType', 'documentName', 'copies', 'useDate', 'takeOut', 'purpose'],
      sealType: { 'ui:widget': 'select', 'ui:enumNames': sealType.labels },
      copies: { 'ui:widget': 'updown' },
      useDate: dateWidget,
      takeOut: { 'ui:help': { zh: '印章外带须另行登记', en: 'Taking a seal off the premises is logged separately' } },
      purpose: textarea(),
    },
    fieldLabels: {
      sealType: { zh: '印章类型', en: 'Seal' },
      documentName: { zh: '文件名称', en: 'Document' },
      copies: { zh: '用印份数', en: 'Copies' },
      useDate: { zh: '用印日期', en: 'Date of use' },
      takeOut: { zh: '是否外带', en: 'Take the seal out' },
      purpose: { zh: '用印事由', en: 'Purpose' },
    },
  },
  steps: [
    {
      id: 'head',
      name: { zh: '院系负责人审批', en: 'Department head approval' },
      assignee: { type: 'departmentHead' },
      mode: 'any',
      actions: [approve('office'), reject()],
    },
    {
      id: 'office',
      name: { zh: '学校办公室用印', en: 'General office applies the seal' },
      assignee: { type: 'role', role: 'office' },
      mode: 'any',
      actions: [approve('end', { zh: '同意用印', en: 'Apply seal' }), reject(), sendBack()],
    },
  ],
  cc: [{ on: 'start', assignee: { type: 'role', role: 'admin' } }],
} satisfies ProcessDefinition;
