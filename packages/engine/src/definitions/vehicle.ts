/** 公务用车申请 Official vehicle: department head, the office for large or out-of-town trips, then the motor pool. */
import type { ProcessDefinition } from '../types.ts';
import { approve, dateTime, dateTimeWidget, reject, sendBack, text, textarea } from './common.ts';

export const vehicle = {
  code: 'vehicle',
  version: 1,
  name: { zh: '公务用车申请', en: 'Official vehicle request' },
  description: {
    zh: '申请学校公务用车：院系负责人审批；7 人以上或出市用车须学校办公室审批；后勤处车队派车。',
    en: 'Request a university vehicle: the department head approves; more than 7 passengers or leaving the city also needs the general office; the motor pool dispatches.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['startTime', 'endTime', 'origin', 'destination', 'passengers', 'purpose'],
      properties: {
        startTime: dateTime,
        endTime: dateTime,
        origin: text(100),
        destination: text(100),
        passengers: { type: 'integer', minimum: 1, maximum: 50 },
        outOfCity: { type: 'boolean', default: false },
        needDriver: { type: 'boolean', default: true },
        purpose: text(500),
      },
    },
    uiSchema: {
      'ui:order': ['startTime', 'endTime', 'origin', 'destination', 'passengers', 'outOfCity', 'needDriver', 'purpose'],
      startTime: dateTimeWidget,
      endTime: dateTimeWidget,
      passengers: { 'ui:widget': 'updown' },
      purpose: textarea(),
    },
    fieldLabels: {
      startTime: { zh: '用车开始时间', en: 'From' },
      endTime: { zh: '用车结束时间', en: 'Until' },
      origin: { zh: '出发地', en: 'Pick-up point' },
      destination: { zh: '目的地', en: 'Destination' },
      passengers: { zh: '乘车人数', en: 'Passengers' },
      outOfCity: { zh: '是否出市', en: 'Leaving the city' },
      needDriver: { zh: '是否需要驾驶员', en: 'Driver needed' },
      purpose: { zh: '用车事由', en: 'Purpose' },
    },
    rules: [
      {
        type: 'dateOrder',
        from: 'startTime',
        to: 'endTime',
        message: { zh: '结束时间不能早于开始时间', en: 'The end time cannot be before the start time' },
      },
    ],
  },
  steps: [
    {
      id: 'head',
      name: { zh: '院系负责人审批', en: 'Department head approval' },
      assignee: { type: 'departmentHead' },
      mode: 'any',
      actions: [
        approve({
          branches: [
            {
              when: {
                any: [
                  { field: 'passengers', op: 'gt', value: 7 },
                  { field: 'outOfCity', op: 'eq', value: true },
                ],
              },
              to: 'office',
            },
          ],
          otherwise: 'dispatch',
        }),
        reject(),
      ],
    },
    {
      id: 'office',
      name: { zh: '学校办公室审批', en: 'General office approval' },
      assignee: { type: 'role', role: 'office' },
      mode: 'any',
      actions: [approve('dispatch'), reject(), sendBack()],
    },
    {
      id: 'dispatch',
      name: { zh: '车队派车', en: 'Motor pool dispatch' },
      assignee: { type: 'role', role: 'logistics' },
      mode: 'any',
      actions: [approve('end', { zh: '派车', en: 'Dispatch' }), reject({ zh: '无车可派', en: 'No vehicle available' })],
    },
  ],
} satisfies ProcessDefinition;
