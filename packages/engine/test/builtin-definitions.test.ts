import { describe, expect, it } from 'vitest';

import {
  builtinDefinitions,
  loadDefinition,
  validateFormData,
  type ProcessDefinition,
  type ProcessState,
  type Transition,
} from '../src/index.ts';
import { actOn, begin, effectsOf } from './fixtures.ts';

/** A valid submission for every built-in flow, as the apply page would send it. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  leave: {
    leaveType: 'sick',
    startDate: '2026-11-23',
    endDate: '2026-11-24',
    days: 2,
    leaveCampus: true,
    destination: '家中',
    contactPhone: '13800138000',
    reason: '感冒发烧，需要休息',
  },
  reimburse: {
    amount: 320.5,
    category: 'office',
    projectCode: 'KY2026-001',
    invoiceCount: 2,
    description: '购买打印纸和墨盒',
  },
  'meeting-room': {
    room: 'admin-301',
    subject: '教研室例会',
    startTime: '2026-11-24T14:00',
    endTime: '2026-11-24T16:00',
    attendees: 12,
    equipment: ['projector'],
  },
  'enrolment-certificate': { purpose: 'visa', language: 'both', copies: 2 },
  'dorm-repair': {
    building: '紫荆公寓 3 号楼',
    room: '512',
    category: 'plumbing',
    description: '卫生间水龙头漏水',
    contactPhone: '13800138000',
    preferredTime: 'evening',
  },
  'business-trip': {
    destination: '上海',
    period: { start: '2026-12-01', end: '2026-12-03' },
    days: 3,
    transport: 'train',
    estimatedCost: 2600,
    purpose: '参加全国高校信息化学术会议',
  },
  seal: {
    sealType: 'university',
    documentName: '校企合作协议',
    copies: 3,
    useDate: '2026-11-25',
    takeOut: false,
    purpose: '与企业签订实习基地协议',
  },
  'library-card': { reason: 'lost', cardNumber: 'L2023001', contactPhone: '13800138000' },
  overtime: {
    date: '2026-11-22',
    startTime: '18:00',
    endTime: '21:30',
    hours: 3.5,
    compensation: 'time-off',
    reason: '准备本科教学评估材料',
  },
  vehicle: {
    startTime: '2026-11-26T08:00',
    endTime: '2026-11-26T12:00',
    origin: '行政楼',
    destination: '市教育局',
    passengers: 3,
    outOfCity: false,
    needDriver: true,
    purpose: '参加教育局工作会议',
  },
  visitor: {
    visitorName: '王伟',
    visitorPhone: '13900139000',
    organisation: '某某科技有限公司',
    visitDate: '2026-11-27',
    visitors: 2,
    host: 'teacher',
    purpose: '洽谈横向课题合作',
  },
  'exam-deferral': {
    courseName: '高等数学（上）',
    courseCode: 'MATH101',
    examDate: '2027-01-08',
    reason: 'illness',
    explanation: '急性阑尾炎住院，附医院证明',
  },
};

const run = (code: string) => builtinDefinitions.find((d) => d.code === code)!;

/** Approves every open task (first forward action) until the process finishes; returns every transition. */
function driveToEnd(
  def: ProcessDefinition,
  data: Record<string, unknown>,
): { state: ProcessState; trail: Transition[] } {
  const trail = [begin(def, data)];
  let state = trail[0].state;
  for (let guard = 0; state.status === 'doing' && guard < 20; guard += 1) {
    const task = state.openTasks[0];
    const step = def.steps.find((s) => s.id === task.stepId)!;
    const forward = step.actions.find((a) => a.to !== 'reject' && a.to !== 'back')!;
    const next = actOn(def, state, forward.id, task.assigneeId);
    trail.push(next);
    state = next.state;
  }
  return { state, trail };
}

/** Step ids entered, in order (the final state's path: a driven-through process never goes back). */
const visited = (trail: Transition[]) => trail.at(-1)!.state.path;

/** Every {zh, en}-shaped object inside a value, with where it is. */
function texts(value: unknown, at = ''): Array<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own: Array<[string, Record<string, unknown>]> = 'zh' in record || 'en' in record ? [[at, record]] : [];
  return [...own, ...Object.entries(record).flatMap(([k, v]) => texts(v, `${at}.${k}`))];
}

describe('built-in definitions', () => {
  it('are at least ten distinct flows, including every one the demo needs', () => {
    const codes = builtinDefinitions.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(
      expect.arrayContaining([
        'leave',
        'reimburse',
        'meeting-room',
        'enrolment-certificate',
        'dorm-repair',
        'business-trip',
        'seal',
        'library-card',
        'overtime',
        'vehicle',
        'visitor',
      ]),
    );
    expect(Object.keys(SAMPLES).sort()).toEqual([...codes].sort());
  });

  describe.each(builtinDefinitions.map((d) => [d.code, d] as const))('%s', (code, def) => {
    it('survives JSON and loads again unchanged', () => {
      expect(loadDefinition(JSON.parse(JSON.stringify(def)))).toEqual(def);
    });

    it('labels everything in Chinese and English', () => {
      for (const field of Object.keys(def.form.schema.properties)) {
        expect(def.form.fieldLabels[field], `label of ${field}`).toBeDefined();
      }
      for (const [where, text] of texts(def)) {
        expect(typeof text.zh === 'string' && text.zh.length > 0, `${where}.zh`).toBe(true);
        expect(typeof text.en === 'string' && text.en.length > 0, `${where}.en`).toBe(true);
        expect(text.zh, `${where} has Chinese text`).toMatch(/[\u4e00-\u9fff]/);
      }
    });

    it('accepts a realistic submission and refuses an empty one', () => {
      expect(validateFormData(def, SAMPLES[code])).toEqual([]);
      expect(validateFormData(def, {}).length).toBeGreaterThan(0);
    });

    it('can be driven to completion', () => {
      const { state, trail } = driveToEnd(def, SAMPLES[code]);
      expect(state.status).toBe('completed');
      expect(effectsOf(trail.at(-1)!.effects, 'process.finished')).toEqual([
        { type: 'process.finished', status: 'completed' },
      ]);
    });
  });

  it('reimburse: up to 5000 ends after finance; 5000.01 also needs the finance head', () => {
    expect(visited(driveToEnd(run('reimburse'), { ...SAMPLES.reimburse, amount: 5000 }).trail)).toEqual([
      'head',
      'finance',
    ]);
    expect(visited(driveToEnd(run('reimburse'), { ...SAMPLES.reimburse, amount: 5000.01 }).trail)).toEqual([
      'head',
      'finance',
      'finance-head',
    ]);
  });

  it('leave: counsellor then department head', () => {
    expect(visited(driveToEnd(run('leave'), SAMPLES.leave).trail)).toEqual(['counsellor', 'head']);
  });

  it('business-trip: every finance officer countersigns before HR', () => {
    const { trail } = driveToEnd(run('business-trip'), SAMPLES['business-trip']);
    const created = trail.flatMap((t) => effectsOf(t.effects, 'task.created'));
    expect(created.filter((e) => e.stepId === 'finance').map((e) => e.assigneeId)).toEqual(['u-fin1', 'u-fin2']);
    expect(visited(trail)).toEqual(['head', 'finance', 'hr']);
  });

  it('overtime: paid overtime also goes to HR', () => {
    expect(visited(driveToEnd(run('overtime'), SAMPLES.overtime).trail)).toEqual(['head']);
    expect(visited(driveToEnd(run('overtime'), { ...SAMPLES.overtime, compensation: 'pay' }).trail)).toEqual([
      'head',
      'hr',
    ]);
  });

  it('vehicle: large or out-of-town trips need the general office', () => {
    const def = run('vehicle');
    expect(visited(driveToEnd(def, SAMPLES.vehicle).trail)).toEqual(['head', 'dispatch']);
    expect(visited(driveToEnd(def, { ...SAMPLES.vehicle, passengers: 8 }).trail)).toEqual([
      'head',
      'office',
      'dispatch',
    ]);
    expect(visited(driveToEnd(def, { ...SAMPLES.vehicle, outOfCity: true }).trail)).toEqual([
      'head',
      'office',
      'dispatch',
    ]);
  });

  it('exam-deferral: illness skips the department head, a timetable clash does not', () => {
    const def = run('exam-deferral');
    expect(visited(driveToEnd(def, SAMPLES['exam-deferral']).trail)).toEqual(['counsellor', 'academic']);
    expect(visited(driveToEnd(def, { ...SAMPLES['exam-deferral'], reason: 'conflict' }).trail)).toEqual([
      'counsellor',
      'head',
      'academic',
    ]);
  });

  it('dorm-repair: the requester confirms the fix, or sends it back with a remark', () => {
    const def = run('dorm-repair');
    const repaired = actOn(def, begin(def, SAMPLES['dorm-repair']).state, 'approve');
    expect(repaired.state.openTasks).toEqual([{ taskId: 'p1.2', stepId: 'confirm', assigneeId: 'u-stu' }]);
    expect(() => actOn(def, repaired.state, 'not-fixed')).toThrow(expect.objectContaining({ code: 'REMARK_REQUIRED' }));
    const again = actOn(def, repaired.state, 'not-fixed', 'u-stu', '还在漏水');
    expect(again.state.currentStepId).toBe('logistics');
  });

  it('enrolment-certificate: the department head is copied when it is issued', () => {
    const { trail } = driveToEnd(run('enrolment-certificate'), SAMPLES['enrolment-certificate']);
    expect(effectsOf(trail.at(-1)!.effects, 'process.copied')).toEqual([
      { type: 'process.copied', userIds: ['u-head'] },
    ]);
  });

  it('seal: administrators are copied on submission', () => {
    expect(effectsOf(begin(run('seal'), SAMPLES.seal).effects, 'process.copied')).toEqual([
      { type: 'process.copied', userIds: ['u-admin'] },
    ]);
  });

  it('visitor: the host named in the form confirms', () => {
    expect(begin(run('visitor'), SAMPLES.visitor).state.openTasks.map((t) => t.assigneeId)).toEqual(['u-teacher']);
  });
});
