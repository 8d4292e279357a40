/** 缓考申请 Exam deferral: counsellor, the department head for non-medical reasons, then academic affairs. */
import type { ProcessDefinition } from '../types.ts';
import { approve, date, dateWidget, options, reject, sendBack, text, textarea } from './common.ts';

const reason = options([
  ['illness', '因病', 'Illness'],
  ['family', '家庭变故', 'Family emergency'],
  ['conflict', '考试时间冲突', 'Exam timetable clash'],
  ['other', '其他', 'Other'],
]);

export const examDeferral = {
  code: 'exam-deferral',
  version: 1,
  name: { zh: '缓考申请', en: 'Exam deferral' },
  description: {
    zh: '因故不能参加期末考试的学生申请缓考，经辅导员、院系（非病因时）和教务处审批。',
    en: 'Defer a final exam; the counsellor, the department head (unless for illness or family reasons) and academic affairs approve.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['courseName', 'courseCode', 'examDate', 'reason', 'explanation'],
      properties: {
        courseName: text(100),
        courseCode: { type: 'string', pattern: '^[A-Za-z0-9-]{2,20}$' },
        examDate: date,
        reason: reason.schema,
        explanation: text(800),
      },
    },
    uiSchema: {
      'ui:order': ['courseName', 'courseCode', 'examDate', 'reason', 'explanation'],
      examDate: dateWidget,
      reason: { 'ui:widget': 'select', 'ui:enumNames': reason.labels },
      explanation: { ...textarea(), 'ui:help': { zh: '病假请注明就诊医院', en: 'For illness, name the hospital' } },
    },
    fieldLabels: {
      courseName: { zh: '课程名称', en: 'Course' },
      courseCode: { zh: '课程代码', en: 'Course code' },
      examDate: { zh: '考试日期', en: 'Exam date' },
      reason: { zh: '缓考原因', en: 'Reason' },
      explanation: { zh: '情况说明', en: 'Explanation' },
    },
  },
  steps: [
    {
      id: 'counsellor',
      name: { zh: '辅导员审核', en: 'Counsellor review' },
      assignee: { type: 'role', role: 'counsellor' },
      mode: 'any',
      actions: [
        approve({
          branches: [{ when: { field: 'reason', op: 'in', value: ['conflict', 'other'] }, to: 'head' }],
          otherwise: 'academic',
        }),
        reject(),
      ],
    },
    {
      id: 'head',
      name: { zh: '院系负责人审批', en: 'Department head approval' },
      assignee: { type: 'departmentHead' },
      mode: 'any',
      actions: [approve('academic'), reject(), sendBack()],
    },
    {
      id: 'academic',
      name: { zh: '教务处审批', en: 'Academic affairs approval' },
      assignee: { type: 'role', role: 'academic' },
      mode: 'any',
      actions: [approve('end'), reject(), sendBack()],
    },
  ],
} satisfies ProcessDefinition;
