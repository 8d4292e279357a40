/** 图书证补办 Library card replacement, handled by the library. */
import type { ProcessDefinition } from '../types.ts';
import { approve, options, phone, reject, textarea } from './common.ts';

const reason = options([
  ['lost', '遗失', 'Lost'],
  ['damaged', '损坏', 'Damaged'],
  ['stolen', '被盗', 'Stolen'],
  ['other', '其他', 'Other'],
]);

export const libraryCard = {
  code: 'library-card',
  version: 1,
  name: { zh: '图书证补办', en: 'Library card replacement' },
  description: {
    zh: '图书证遗失或损坏后申请补办，原证同时挂失。',
    en: 'Replace a lost or damaged library card; the old card is blocked.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['reason', 'contactPhone'],
      properties: {
        reason: reason.schema,
        cardNumber: { type: 'string', pattern: '^[A-Za-z0-9]{0,20}$' },
        contactPhone: phone,
        remark: { type: 'string', maxLength: 300 },
      },
    },
    uiSchema: {
      'ui:order': ['reason', 'cardNumber', 'contactPhone', 'remark'],
      reason: { 'ui:widget': 'radio', 'ui:enumNames': reason.labels },
      cardNumber: { 'ui:help': { zh: '如记得原证号请填写', en: 'Your old card number, if you know it' } },
      remark: textarea(3),
    },
    fieldLabels: {
      reason: { zh: '补办原因', en: 'Reason' },
      cardNumber: { zh: '原图书证号', en: 'Old card number' },
      contactPhone: { zh: '联系电话', en: 'Contact phone' },
      remark: { zh: '备注', en: 'Remarks' },
    },
  },
  steps: [
    {
      id: 'library',
      name: { zh: '图书馆办理', en: 'Library processing' },
      assignee: { type: 'role', role: 'library' },
      mode: 'any',
      actions: [approve('end', { zh: '已补办', en: 'Card issued' }), reject()],
    },
  ],
} satisfies ProcessDefinition;
