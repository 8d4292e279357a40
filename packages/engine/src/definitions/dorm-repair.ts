/** 宿舍报修 Dormitory repair: logistics repairs, the student confirms. */
import type { ProcessDefinition } from '../types.ts';
import { approve, options, phone, reject, text, textarea } from './common.ts';

const category = options([
  ['plumbing', '水暖', 'Plumbing'],
  ['electrical', '电路/照明', 'Electrical or lighting'],
  ['doors-windows', '门窗', 'Doors and windows'],
  ['furniture', '家具', 'Furniture'],
  ['network', '网络', 'Network'],
  ['other', '其他', 'Other'],
]);

const preferredTime = options([
  ['anytime', '随时', 'Any time'],
  ['morning', '上午', 'Morning'],
  ['afternoon', '下午', 'Afternoon'],
  ['evening', '晚上', 'Evening'],
]);

export const dormRepair = {
  code: 'dorm-repair',
  version: 1,
  name: { zh: '宿舍报修', en: 'Dormitory repair' },
  description: {
    zh: '宿舍设施报修，后勤处派人维修，报修人确认修复。',
    en: 'Report a fault in your dormitory; logistics repairs it and you confirm the fix.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['building', 'room', 'category', 'description', 'contactPhone'],
      properties: {
        building: text(50),
        room: { type: 'string', pattern: '^[0-9A-Za-z-]{1,10}$' },
        category: category.schema,
        description: text(500),
        contactPhone: phone,
        preferredTime: { ...preferredTime.schema, default: 'anytime' },
      },
    },
    uiSchema: {
      'ui:order': ['building', 'room', 'category', 'description', 'contactPhone', 'preferredTime'],
      building: { 'ui:placeholder': { zh: '如 紫荆公寓 3 号楼', en: 'e.g. Zijing Apartments, Building 3' } },
      room: { 'ui:placeholder': { zh: '如 512', en: 'e.g. 512' } },
      category: { 'ui:widget': 'select', 'ui:enumNames': category.labels },
      description: textarea(),
      preferredTime: { 'ui:widget': 'radio', 'ui:enumNames': preferredTime.labels },
    },
    fieldLabels: {
      building: { zh: '楼栋', en: 'Building' },
      room: { zh: '房间号', en: 'Room' },
      category: { zh: '报修类别', en: 'Category' },
      description: { zh: '故障描述', en: 'What is wrong' },
      contactPhone: { zh: '联系电话', en: 'Contact phone' },
      preferredTime: { zh: '方便维修时间', en: 'Preferred time' },
    },
  },
  steps: [
    {
      id: 'logistics',
      name: { zh: '后勤处维修', en: 'Logistics repair' },
      assignee: { type: 'role', role: 'logistics' },
      mode: 'any',
      actions: [approve('confirm', { zh: '已维修', en: 'Repaired' }), reject({ zh: '不予受理', en: 'Decline' })],
    },
    {
      id: 'confirm',
      name: { zh: '报修人确认', en: 'Requester confirms' },
      assignee: { type: 'starter' },
      mode: 'any',
      actions: [
        approve('end', { zh: '确认已修复', en: 'Confirm fixed' }),
        { id: 'not-fixed', name: { zh: '未修好', en: 'Not fixed' }, to: 'back', remarkRequired: true },
      ],
    },
  ],
} satisfies ProcessDefinition;
