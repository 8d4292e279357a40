// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DiagramNode, ProcessTask } from '@service-hall/contracts';
import { nodeStepStatus, nodeUsers } from './diagram-view.ts';
import { timelineEntries } from './timeline-entries.ts';

const task = (id: string, assignTime: number): ProcessTask => ({
  id, name: id, status: 'done', assignee: null, assignTime, actionUser: null, onBehalfOf: null, viaSystem: null, actionTime: null, actionName: '', remark: '',
});
const node = (over: Partial<DiagramNode>): DiagramNode => ({ id: 'n', kind: 'approval', name: 'n', status: 'upcoming', users: [], ...over });

describe('the detail page history', () => {
  it('starts with "submitted by", then tasks and urges in time order (tasks of one second keep their order)', () => {
    const entries = timelineEntries({
      owner: { id: 'u1', name: '张三', account: 'zhangsan' }, create: 100,
      tasks: [task('p.1', 100), task('p.2', 300), task('p.3', 300)],
      urges: [{ user: { id: 'u1', name: '张三' }, time: 200 }],
    });
    expect(entries.map((e) => e.key)).toEqual(['submitted', 'p.1', 'urge-0', 'p.2', 'p.3']);
  });
});

describe('the flow diagram', () => {
  it('marks the end of a rejected process as an error and names nobody only where somebody was expected', () => {
    expect(nodeStepStatus(node({ kind: 'end', status: 'done' }), 'rejected')).toBe('error');
    expect(nodeStepStatus(node({ status: 'current' }), 'doing')).toBe('process');
    expect(nodeStepStatus(node({ status: 'done' }), 'completed')).toBe('finish');
    const t = (k: string) => ({ nodeNobody: '无人办理', listSep: '、' })[k] ?? k;
    expect(nodeUsers(node({ users: [{ id: 'a', name: '李四' }, { id: 'b', name: '王五' }] }), t)).toBe('李四、王五');
    expect(nodeUsers(node({ status: 'upcoming' }), t)).toBe('无人办理');
    expect(nodeUsers(node({ status: 'skipped' }), t)).toBe('');
  });
});
