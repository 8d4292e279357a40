/** 会议室预约 Meeting room booking, approved by the general office. */
import type { ProcessDefinition } from '../types.ts';
import { approve, dateTime, dateTimeWidget, options, reject, text, textarea } from './common.ts';

const room = options([
  ['admin-301', '行政楼 301 会议室', 'Administration Building, Room 301'],
  ['admin-502', '行政楼 502 会议室', 'Administration Building, Room 502'],
  ['library-hall', '图书馆报告厅', 'Library lecture hall'],
  ['teaching-a101', '教学楼 A101 多功能厅', 'Teaching Building A101, multi-purpose hall'],
]);

const equipment = options([
  ['projector', '投影仪', 'Projector'],
  ['microphone', '话筒', 'Microphones'],
  ['video', '视频会议系统', 'Video conferencing'],
  ['recording', '录音录像', 'Recording'],
]);

export const meetingRoom = {
  code: 'meeting-room',
  version: 1,
  name: { zh: '会议室预约', en: 'Meeting room booking' },
  description: {
    zh: '预约学校公共会议室，由学校办公室审批。',
    en: 'Book a shared meeting room; the general office approves.',
  },
  form: {
    schema: {
      type: 'object',
      required: ['room', 'subject', 'startTime', 'endTime', 'attendees'],
      properties: {
        room: room.schema,
        subject: text(100),
        startTime: dateTime,
        endTime: dateTime,
        attendees: { type: 'integer', minimum: 1, maximum: 300 },
        equipment: { type: 'array', items: equipment.schema, uniqueItems: true, maxItems: 4 },
        remark: { type: 'string', maxLength: 300 },
      },
    },
    uiSchema: {
      'ui:order': ['room', 'subject', 'startTime', 'endTime', 'attendees', 'equipment', 'remark'],
      room: { 'ui:widget': 'select', 'ui:enumNames': room.labels },
      startTime: dateTimeWidget,
      endTime: dateTimeWidget,
      equipment: { 'ui:widget': 'checkboxes', 'ui:enumNames': equipment.labels },
      remark: textarea(3),
    },
    fieldLabels: {
      room: { zh: '会议室', en: 'Room' },
      subject: { zh: '会议主题', en: 'Subject' },
      startTime: { zh: '开始时间', en: 'Start time' },
      endTime: { zh: '结束时间', en: 'End time' },
      attendees: { zh: '参会人数', en: 'Attendees' },
      equipment: { zh: '所需设备', en: 'Equipment needed' },
      remark: { zh: '备注', en: 'Remarks' },
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
      id: 'office',
      name: { zh: '学校办公室审批', en: 'General office approval' },
      assignee: { type: 'role', role: 'office' },
      mode: 'any',
      actions: [approve('end'), reject()],
    },
  ],
} satisfies ProcessDefinition;
