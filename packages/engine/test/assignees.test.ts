import { describe, expect, it } from 'vitest';

import { EngineError, start } from '../src/index.ts';
import { assigneesOf, begin, effectsOf, fakeDirectory, flow, step } from './fixtures.ts';

const oneStep = (assignee: Parameters<typeof step>[1]) => flow([step('only', assignee, { approve: 'end' })]);

describe('assignee rules', () => {
  it('starter: the starter handles the step themselves', () => {
    expect(assigneesOf(begin(oneStep({ type: 'starter' })).state)).toEqual(['u-stu']);
  });

  it('user: a named account', () => {
    expect(assigneesOf(begin(oneStep({ type: 'user', account: 'lib' })).state)).toEqual(['u-lib']);
  });

  it('role: everyone holding the role, one task each', () => {
    const { state, effects } = begin(oneStep({ type: 'role', role: 'finance' }));
    expect(assigneesOf(state)).toEqual(['u-fin1', 'u-fin2']);
    expect(effectsOf(effects, 'task.created').map((e) => e.taskId)).toEqual(['p1.1', 'p1.2']);
  });

  it("departmentHead: the starter's department head", () => {
    expect(assigneesOf(begin(oneStep({ type: 'departmentHead' })).state)).toEqual(['u-head']);
  });

  it('field: the account named in a form field', () => {
    expect(assigneesOf(begin(oneStep({ type: 'field', field: 'host' }), { host: 'teacher' }).state)).toEqual([
      'u-teacher',
    ]);
  });

  it('deduplicates users a directory lists twice', () => {
    const directory = fakeDirectory({ roles: { office: ['u-off', 'u-off', 'u-admin'] } });
    const { state } = start(oneStep({ type: 'role', role: 'office' }), {
      processId: 'p1',
      starterId: 'u-stu',
      data: {},
      now: 1,
      directory,
    });
    expect(assigneesOf(state)).toEqual(['u-admin', 'u-off']);
  });

  it('never makes the starter approve their own request through a role', () => {
    const { state } = begin(oneStep({ type: 'role', role: 'finance' }), {}, 'u-fin1');
    expect(assigneesOf(state)).toEqual(['u-fin2']);
  });

  it('announces each task and notifies its assignee', () => {
    const def = oneStep({ type: 'role', role: 'finance' });
    const { effects } = begin(def);
    expect(effects).toEqual([
      {
        type: 'task.created',
        taskId: 'p1.1',
        stepId: 'only',
        name: { zh: 'only', en: 'only' },
        assigneeId: 'u-fin1',
        actions: [{ id: 'approve', name: { zh: 'approve', en: 'approve' } }],
      },
      { type: 'notify', userId: 'u-fin1', kind: 'task.assigned' },
      {
        type: 'task.created',
        taskId: 'p1.2',
        stepId: 'only',
        name: { zh: 'only', en: 'only' },
        assigneeId: 'u-fin2',
        actions: [{ id: 'approve', name: { zh: 'approve', en: 'approve' } }],
      },
      { type: 'notify', userId: 'u-fin2', kind: 'task.assigned' },
    ]);
  });

  describe('NO_ASSIGNEE', () => {
    const cases: Array<[string, Parameters<typeof step>[1], Record<string, unknown>, string]> = [
      ['unknown account', { type: 'user', account: 'nobody' }, {}, 'u-stu'],
      ['empty role', { type: 'role', role: 'dean' }, {}, 'u-stu'],
      ['no department head', { type: 'departmentHead' }, {}, 'u-admin'],
      ['head applying to themselves', { type: 'departmentHead' }, {}, 'u-head'],
      ['empty field', { type: 'field', field: 'host' }, {}, 'u-stu'],
      ['field naming nobody', { type: 'field', field: 'host' }, { host: 'ghost' }, 'u-stu'],
      ['field naming the starter', { type: 'field', field: 'host' }, { host: 'stu' }, 'u-stu'],
    ];
    it.each(cases)('%s', (_, assignee, data, starterId) => {
      const run = () => begin(oneStep(assignee), data, starterId);
      expect(run).toThrow(EngineError);
      expect(run).toThrow(expect.objectContaining({ code: 'NO_ASSIGNEE', details: { stepId: 'only' } }));
    });
  });
});
