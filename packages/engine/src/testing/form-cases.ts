/**
 * The table of good and bad form inputs with the verdict and messages expected. The engine's tests run it;
 * the web's tests can run the same table against the same validator (`@service-hall/engine/testing`).
 */
import leaveJson from '../definitions/leave.json' with { type: 'json' };
import type { FormDefinition, FormError } from '../types.ts';
import { paletteForm } from './palette-form.ts';

const leaveForm = leaveJson.form as unknown as FormDefinition;

export interface FormCase {
  name: string;
  form: FormDefinition;
  data: unknown;
  /** [] = valid; otherwise exactly these errors, in this order. */
  errors: FormError[];
}

const leave = { leaveType: 'sick', startDate: '2026-12-10', endDate: '2026-12-12', days: 3, reason: '发烧就医' };
// 2026-12-07 is a Monday: the 7th to the 13th holds five working days.
const lab = {
  title: '滴定实验',
  period: { start: '2026-12-07', end: '2026-12-13' },
  workdays: 5,
  budget: 12.5,
  lab: 'chem',
  slot: '09:30',
  supervisor: 'lisi',
};

const pdf = {
  id: '3b0c8e7e-5d0e-4c4f-9a1e-2f6c1d9e8a01',
  name: '诊断证明.pdf',
  type: 'application/pdf',
  size: 120_000,
};
const photo = { id: '3b0c8e7e-5d0e-4c4f-9a1e-2f6c1d9e8a02', name: 'receipt.jpg', type: 'image/jpeg', size: 800_000 };

const req = (field: string, zh: string, en: string): FormError => ({
  field,
  message: { zh: `请填写${zh}`, en: `${en} is required` },
});

/** Every case: name, form, data and the exact errors (field + zh/en message) expected. */
export const formCases: FormCase[] = [
  { name: 'leave: a good request', form: leaveForm, data: leave, errors: [] },
  { name: 'leave: half a day', form: leaveForm, data: { ...leave, endDate: '2026-12-10', days: 0.5 }, errors: [] },
  {
    name: 'leave: 100 days for 10–12 December',
    form: leaveForm,
    data: { ...leave, days: 100 },
    errors: [
      {
        field: 'days',
        message: {
          zh: '请假天数不能超过所填日期的 3 天',
          en: 'Days cannot be more than the 3 days of the dates given',
        },
      },
    ],
  },
  {
    name: 'leave: −3 days',
    form: leaveForm,
    data: { ...leave, days: -3 },
    errors: [{ field: 'days', message: { zh: '请假天数不能小于 0.5', en: 'Days must be at least 0.5' } }],
  },
  {
    name: 'leave: a reason of only spaces',
    form: leaveForm,
    data: { ...leave, reason: '   ' },
    errors: [req('reason', '请假事由', 'Reason')],
  },
  {
    name: 'leave: 30 February',
    form: leaveForm,
    data: { ...leave, startDate: '2026-02-30' },
    errors: [{ field: 'startDate', message: { zh: '开始日期不是有效的日期', en: 'Start date is not a valid date' } }],
  },
  {
    name: 'leave: end before start',
    form: leaveForm,
    data: { ...leave, startDate: '2026-12-12', endDate: '2026-12-10', days: 1 },
    errors: [
      {
        field: 'endDate',
        message: { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
      },
    ],
  },
  {
    name: 'leave: an undeclared field',
    form: leaveForm,
    data: { ...leave, approved: true },
    errors: [
      { field: 'approved', message: { zh: '不允许的字段：approved', en: 'approved is not a field of this form' } },
    ],
  },
  {
    name: 'leave: a __proto__ key',
    form: leaveForm,
    data: JSON.parse(
      '{"leaveType":"sick","startDate":"2026-12-10","endDate":"2026-12-12","days":3,"reason":"x","__proto__":{"admin":true}}',
    ),
    errors: [
      {
        field: '__proto__',
        message: { zh: '不允许的字段名：__proto__', en: '"__proto__" is not allowed as a field name' },
      },
    ],
  },
  { name: 'palette: a good lab booking', form: paletteForm, data: lab, errors: [] },
  {
    name: 'palette: working days exclude the weekend',
    form: paletteForm,
    data: { ...lab, workdays: 7 },
    errors: [
      {
        field: 'workdays',
        message: {
          zh: '工作日数应为 5（按所填日期计算）',
          en: 'Working days must be 5 (computed from the dates given)',
        },
      },
    ],
  },
  {
    name: 'palette: a range that ends before it starts',
    form: paletteForm,
    data: { ...lab, period: { start: '2026-12-13', end: '2026-12-07' } },
    errors: [
      { field: 'period', message: { zh: '使用期间的结束不能早于开始', en: 'Period cannot end before it starts' } },
    ],
  },
  {
    name: 'palette: 25:00',
    form: paletteForm,
    data: { ...lab, slot: '25:00' },
    errors: [{ field: 'slot', message: { zh: '开始时间不是有效的时间', en: 'Start time is not a valid time' } }],
  },
  {
    name: 'palette: money with three decimals',
    form: paletteForm,
    data: { ...lab, budget: 1.005 },
    errors: [
      { field: 'budget', message: { zh: '经费最多保留两位小数', en: 'Budget can have at most two decimal places' } },
    ],
  },
  {
    name: 'palette: a value for a description',
    form: paletteForm,
    data: { ...lab, notice: 'x' },
    errors: [{ field: 'notice', message: { zh: '不允许的字段：须知', en: 'Notice is not a field of this form' } }],
  },
  {
    name: 'palette: the same option twice, an unknown option',
    form: paletteForm,
    data: { ...lab, kit: ['gloves', 'gloves', 'mask'] },
    errors: [
      { field: 'kit', message: { zh: '防护用品有重复的项', en: 'Protective kit has the same item twice' } },
      { field: 'kit.2', message: { zh: '防护用品的取值无效', en: 'Protective kit is not one of the allowed values' } },
    ],
  },
  {
    name: 'palette: a constructor key deep inside',
    form: paletteForm,
    data: { ...lab, period: { start: '2026-12-07', end: '2026-12-13', constructor: { prototype: 1 } } },
    errors: [
      {
        field: 'period.constructor',
        message: { zh: '不允许的字段名：constructor', en: '"constructor" is not allowed as a field name' },
      },
    ],
  },
  {
    name: 'palette: working days across the end of a month (30 November to 6 December)',
    form: paletteForm,
    data: { ...lab, period: { start: '2026-11-30', end: '2026-12-06' }, workdays: 5 },
    errors: [],
  },
  {
    name: 'palette: working days counted with the weekend',
    form: paletteForm,
    data: { ...lab, period: { start: '2026-11-30', end: '2026-12-06' }, workdays: 7 },
    errors: [
      {
        field: 'workdays',
        message: {
          zh: '工作日数应为 5（按所填日期计算）',
          en: 'Working days must be 5 (computed from the dates given)',
        },
      },
    ],
  },
  {
    name: 'palette: a range without its end',
    form: paletteForm,
    data: { ...lab, period: { start: '2026-12-07' } },
    errors: [req('period.end', '使用期间', 'Period')],
  },
  {
    name: 'palette: a range starting on 30 February',
    form: paletteForm,
    data: { ...lab, period: { start: '2026-02-30', end: '2026-03-02' } },
    errors: [{ field: 'period.start', message: { zh: '使用期间不是有效的日期', en: 'Period is not a valid date' } }],
  },
  {
    name: 'palette: negative money',
    form: paletteForm,
    data: { ...lab, budget: -1 },
    errors: [{ field: 'budget', message: { zh: '经费不能小于 0', en: 'Budget must be at least 0' } }],
  },
  {
    name: 'palette: a time just before midnight, a department, two kinds of kit',
    form: paletteForm,
    data: { ...lab, slot: '23:59', department: 'd-cs', kit: ['goggles', 'gloves'] },
    errors: [],
  },
  {
    name: 'palette: a time of 12:60',
    form: paletteForm,
    data: { ...lab, slot: '12:60' },
    errors: [{ field: 'slot', message: { zh: '开始时间不是有效的时间', en: 'Start time is not a valid time' } }],
  },
  {
    name: 'palette: one kit item given as text, not a list',
    form: paletteForm,
    data: { ...lab, kit: 'gloves' },
    errors: [{ field: 'kit', message: { zh: '防护用品应为列表', en: 'Protective kit must be a list' } }],
  },
  {
    name: 'palette: a blank person',
    form: paletteForm,
    data: { ...lab, supervisor: ' ' },
    errors: [req('supervisor', '指导教师', 'Supervisor')],
  },
  {
    name: 'palette: nothing at all',
    form: paletteForm,
    data: {},
    errors: [
      req('title', '实验名称', 'Experiment'),
      req('period', '使用期间', 'Period'),
      req('workdays', '工作日数', 'Working days'),
      req('budget', '经费', 'Budget'),
      req('lab', '实验室', 'Laboratory'),
      req('slot', '开始时间', 'Start time'),
      req('supervisor', '指导教师', 'Supervisor'),
    ],
  },
  {
    name: 'palette: a PDF and a photo attached',
    form: paletteForm,
    data: { ...lab, files: [pdf, photo] },
    errors: [],
  },
  {
    name: 'palette: three files where two are allowed',
    form: paletteForm,
    data: { ...lab, files: [pdf, photo, { ...photo, id: '3b0c8e7e-5d0e-4c4f-9a1e-2f6c1d9e8a03' }] },
    errors: [{ field: 'files', message: { zh: '附件最多上传 2 个文件', en: 'Attachments allows at most 2 files' } }],
  },
  {
    name: 'palette: a type the field does not accept',
    form: paletteForm,
    data: {
      ...lab,
      files: [
        { ...pdf, name: '成绩.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      ],
    },
    errors: [
      {
        field: 'files',
        message: {
          zh: '附件不接受文件“成绩.docx”的类型，只接受 PDF、图片',
          en: 'Attachments does not accept the type of "成绩.docx"; it accepts PDF, images',
        },
      },
    ],
  },
  {
    name: 'palette: a file over the size limit',
    form: paletteForm,
    data: { ...lab, files: [{ ...pdf, size: 6 * 1024 * 1024 }] },
    errors: [
      {
        field: 'files',
        message: {
          zh: '附件的文件“诊断证明.pdf”超过 5 MB',
          en: '"诊断证明.pdf" is larger than the 5 MB Attachments allows',
        },
      },
    ],
  },
  {
    name: 'palette: an attachment that is not a reference',
    form: paletteForm,
    data: { ...lab, files: ['3b0c8e7e-5d0e-4c4f-9a1e-2f6c1d9e8a01'] },
    errors: [{ field: 'files.0', message: { zh: '附件应为对象', en: 'Attachments must be an object' } }],
  },
  {
    name: 'not an object',
    form: paletteForm,
    data: [],
    errors: [{ field: '', message: { zh: '表单应为对象', en: 'The form must be an object' } }],
  },
];
