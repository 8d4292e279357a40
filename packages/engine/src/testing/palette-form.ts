/** A form using every field kind of the palette: the fixture of the form-validation table. */
import type { FormDefinition } from '../types.ts';

export const paletteForm: FormDefinition = {
  schema: {
    type: 'object',
    required: ['title', 'period', 'workdays', 'budget', 'lab', 'slot', 'supervisor'],
    properties: {
      notice: { type: 'string', 'x-kind': 'description' },
      title: { type: 'string', 'x-kind': 'text', maxLength: 20 },
      details: { type: 'string', 'x-kind': 'textarea', maxLength: 200 },
      people: { type: 'integer', 'x-kind': 'number', minimum: 1, maximum: 30 },
      budget: { type: 'number', 'x-kind': 'money', 'x-unit': 'CNY', minimum: 0 },
      period: {
        type: 'object',
        'x-kind': 'dateRange',
        required: ['start', 'end'],
        properties: { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } },
      },
      workdays: {
        type: 'number',
        'x-kind': 'computed',
        'x-computed': { fn: 'days', from: 'period.start', to: 'period.end', excludeWeekends: true },
      },
      slot: { type: 'string', 'x-kind': 'time', format: 'time' },
      lab: { type: 'string', 'x-kind': 'select', enum: ['chem', 'bio'] },
      kit: {
        type: 'array',
        'x-kind': 'multiSelect',
        items: { type: 'string', enum: ['goggles', 'gloves'] },
        uniqueItems: true,
      },
      supervisor: { type: 'string', 'x-kind': 'person', minLength: 1 },
      department: { type: 'string', 'x-kind': 'department' },
      files: {
        type: 'array',
        'x-kind': 'attachment',
        'x-accept': ['application/pdf', 'image/*'],
        'x-max-size': 5242880,
        maxItems: 2,
      },
    },
  },
  fieldLabels: {
    notice: { zh: '须知', en: 'Notice' },
    title: { zh: '实验名称', en: 'Experiment' },
    details: { zh: '实验内容', en: 'Details' },
    people: { zh: '人数', en: 'People' },
    budget: { zh: '经费', en: 'Budget' },
    period: { zh: '使用期间', en: 'Period' },
    workdays: { zh: '工作日数', en: 'Working days' },
    slot: { zh: '开始时间', en: 'Start time' },
    lab: { zh: '实验室', en: 'Laboratory' },
    kit: { zh: '防护用品', en: 'Protective kit' },
    supervisor: { zh: '指导教师', en: 'Supervisor' },
    department: { zh: '所在院系', en: 'Department' },
    files: { zh: '附件', en: 'Attachments' },
  },
};
