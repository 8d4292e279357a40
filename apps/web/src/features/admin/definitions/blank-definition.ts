import type { ProcessDefinition } from '@service-hall/engine';

/** A new flow from nothing: one text field and one approver (the applicant's department head). */
export function blankDefinition(code: string, name: { zh: string; en: string }): ProcessDefinition {
  return {
    code,
    version: 1,
    name,
    form: {
      schema: {
        type: 'object',
        properties: { reason: { type: 'string', minLength: 1, maxLength: 500 } },
        required: ['reason'],
      },
      uiSchema: { reason: { 'ui:widget': 'textarea' } },
      fieldLabels: { reason: { zh: '事由', en: 'Reason' } },
    },
    steps: [
      {
        id: 'approver1',
        name: { zh: '部门负责人审批', en: 'Department head' },
        assignee: { type: 'departmentHead' },
        mode: 'any',
        actions: [
          { id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'end' },
          { id: 'reject', name: { zh: '驳回', en: 'Reject' }, to: 'reject' },
        ],
      },
    ],
  };
}
