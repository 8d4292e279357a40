/**
 * 实验室开放申请 as the definition journey designs it: a date range, its computed days, a reason and an attachment
 * field; a lab manager (lisi) first, then on days > 3 the applicant's department head, then a cc node.
 */
export const labForm = {
  schema: {
    type: 'object',
    required: ['period', 'days', 'reason', 'files'],
    properties: {
      period: {
        type: 'object',
        'x-kind': 'dateRange',
        required: ['start', 'end'],
        properties: { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } },
      },
      days: {
        type: 'number',
        'x-kind': 'computed',
        'x-computed': { fn: 'days', from: 'period.start', to: 'period.end' },
      },
      reason: { type: 'string', 'x-kind': 'textarea', minLength: 1, maxLength: 500 },
      files: {
        type: 'array',
        'x-kind': 'attachment',
        'x-accept': ['application/pdf', 'image/*'],
        'x-max-size': 10485760,
        maxItems: 3,
      },
    },
  },
  uiSchema: { 'ui:order': ['period', 'days', 'reason', 'files'] },
  fieldLabels: {
    period: { zh: '使用期间', en: 'Period' },
    days: { zh: '天数', en: 'Days' },
    reason: { zh: '实验内容', en: 'Experiment' },
    files: { zh: '安全承诺书', en: 'Safety pledge' },
  },
};

const decide = (to: unknown) => [
  { id: 'approve', name: { zh: '同意', en: 'Approve' }, to },
  { id: 'reject', name: { zh: '驳回', en: 'Reject' }, to: 'reject' },
];

/** The same design as the desktop journey draws it, for the phone run (the console is a desktop screen). */
export function labDefinition(code: string) {
  return {
    code,
    version: 1,
    name: { zh: '实验室开放申请', en: 'Lab opening request' },
    form: labForm,
    steps: [
      {
        id: 'approver2',
        name: { zh: '实验室管理员审核', en: 'Lab manager' },
        assignee: { type: 'user', account: 'lisi' },
        mode: 'any',
        actions: decide({
          branches: [{ when: { field: 'days', op: 'gt', value: 3 }, to: 'approver1' }],
          otherwise: 'cc1',
        }),
      },
      {
        id: 'approver1',
        name: { zh: '部门负责人审批', en: 'Department head' },
        assignee: { type: 'departmentHead' },
        mode: 'any',
        actions: decide('cc1'),
      },
      {
        id: 'cc1',
        name: { zh: '抄送实验中心', en: 'Copy the lab centre' },
        kind: 'cc',
        assignee: { type: 'departmentHead' },
        mode: 'any',
        actions: [{ id: 'next', name: { zh: '继续', en: 'Next' }, to: 'end' }],
      },
    ],
  };
}
