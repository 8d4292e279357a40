import { describe, expect, it } from 'vitest';

import { builtinDefinitions, validateFormData } from '../src/index.ts';

const byCode = (code: string) => builtinDefinitions.find((d) => d.code === code)!;
const leave = byCode('leave');
const goodLeave = { leaveType: 'sick', startDate: '2026-11-23', endDate: '2026-11-24', days: 2, reason: '发烧' };

describe('validateFormData', () => {
  it('accepts valid data', () => {
    expect(validateFormData(leave, goodLeave)).toEqual([]);
  });

  it('reports every schema error at once, per field, in both languages', () => {
    const errors = validateFormData(leave, { leaveType: 'holiday', startDate: '2026-02-30', days: 0.25, reason: '' });
    const fields = errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['leaveType', 'startDate', 'endDate', 'days', 'reason']));
    expect(errors.find((e) => e.field === 'endDate')!.message).toEqual({
      zh: '请填写结束日期',
      en: 'End date is required',
    });
    expect(errors.find((e) => e.field === 'reason')!.message.zh).toBe('请填写请假事由');
    for (const e of errors) expect(e.message.zh && e.message.en).toBeTruthy();
  });

  it('checks lengths and number limits', () => {
    const errors = validateFormData(leave, { ...goodLeave, reason: '长'.repeat(501), days: 400 });
    expect(errors.map((e) => e.field).sort()).toEqual(['days', 'reason']);
    expect(errors.find((e) => e.field === 'reason')!.message.en).toBe('Reason must be at most 500 characters');
  });

  it('reports a wrong type in words a user understands', () => {
    const [error] = validateFormData(leave, { ...goodLeave, days: 'two' });
    expect(error).toEqual({ field: 'days', message: { zh: '请假天数应为数字', en: 'Days must be a number' } });
  });

  it('applies dateOrder: end before start is an error on the end field', () => {
    expect(validateFormData(leave, { ...goodLeave, endDate: '2026-11-22' })).toEqual([
      {
        field: 'endDate',
        message: { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
      },
    ]);
  });

  it('allows a one-day leave that starts and ends on the same date', () => {
    expect(validateFormData(leave, { ...goodLeave, endDate: goodLeave.startDate, days: 1 })).toEqual([]);
  });

  it('reports schema and cross-field errors together', () => {
    const errors = validateFormData(leave, { ...goodLeave, endDate: '2026-11-01', reason: '' });
    expect(errors.map((e) => e.field).sort()).toEqual(['endDate', 'reason']);
  });

  it('orders date-times as browsers send them, with or without a zone', () => {
    const room = byCode('meeting-room');
    const base = { room: 'admin-301', subject: '组会', attendees: 8 };
    expect(validateFormData(room, { ...base, startTime: '2026-11-23T14:00', endTime: '2026-11-23T16:00' })).toEqual([]);
    expect(
      validateFormData(room, { ...base, startTime: '2026-11-23T06:00:00.000Z', endTime: '2026-11-23T08:00:00Z' }),
    ).toEqual([]);
    const late = validateFormData(room, { ...base, startTime: '2026-11-23T16:00', endTime: '2026-11-23T14:00' });
    expect(late).toEqual([{ field: 'endTime', message: expect.objectContaining({ zh: '结束时间不能早于开始时间' }) }]);
    expect(
      validateFormData(room, { ...base, startTime: '2026-11-23 25:00', endTime: '2026-11-23T14:00' })[0].field,
    ).toBe('startTime');
  });

  it('orders clock times (overtime 18:00–21:30)', () => {
    const overtime = byCode('overtime');
    const base = { date: '2026-11-23', hours: 3.5, compensation: 'pay', reason: '迎评材料' };
    expect(validateFormData(overtime, { ...base, startTime: '18:00', endTime: '21:30' })).toEqual([]);
    expect(validateFormData(overtime, { ...base, startTime: '21:30', endTime: '18:00' }).map((e) => e.field)).toEqual([
      'endTime',
    ]);
  });

  it('validates multi-select options and patterns', () => {
    const room = byCode('meeting-room');
    const errors = validateFormData(room, {
      room: 'admin-301',
      subject: '组会',
      attendees: 8,
      startTime: '2026-11-23T14:00',
      endTime: '2026-11-23T16:00',
      equipment: ['projector', 'laser'],
    });
    expect(errors.map((e) => e.field)).toEqual(['equipment.1']);
    expect(errors[0].message.zh).toContain('所需设备');
    const repair = byCode('dorm-repair');
    const bad = validateFormData(repair, {
      building: '3 号楼',
      room: '5/12',
      category: 'network',
      description: '断网',
      contactPhone: 'call me',
    });
    expect(bad.map((e) => e.field).sort()).toEqual(['contactPhone', 'room']);
  });

  it('refuses data that is not an object', () => {
    for (const data of [null, 'x', 3, []]) {
      const errors = validateFormData(leave, data);
      expect(errors).toHaveLength(1);
      expect(errors[0].field).toBe('');
    }
  });

  it('ignores dateOrder when a value is missing or malformed (the schema reports it)', () => {
    const errors = validateFormData(leave, { ...goodLeave, startDate: 'soon' });
    expect(errors.map((e) => e.field)).toEqual(['startDate']);
  });
});
