// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import type { DiagramNode, ProcessTask } from '@service-hall/contracts';

import enDetail from '../../../i18n/locales/en/detail.json';
import zhDetail from '../../../i18n/locales/zh/detail.json';
import { nodeStepStatus, nodeText, nodeUsers } from './diagram-view.ts';
import { taskActionText, timelineEntries } from './timeline-entries.ts';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'zh',
  ns: ['detail'],
  defaultNS: 'detail',
  resources: { zh: { detail: zhDetail }, en: { detail: enDetail } },
});

const task = (id: string, assignTime: number): ProcessTask => ({
  id,
  name: id,
  status: 'done',
  assignee: null,
  assignTime,
  actionUser: null,
  onBehalfOf: null,
  viaSystem: null,
  actionTime: null,
  actionName: '',
  remark: '',
  handedTo: null,
});
const node = (over: Partial<DiagramNode>): DiagramNode => ({
  id: 'n',
  kind: 'approval',
  name: 'n',
  status: 'upcoming',
  users: [],
  ...over,
});

describe('the detail page history', () => {
  it('starts with "submitted by", then tasks and urges in time order (tasks of one second keep their order)', () => {
    const entries = timelineEntries({
      owner: { id: 'u1', name: '张三', account: 'zhangsan' },
      create: 100,
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
    expect(
      nodeUsers(
        node({
          users: [
            { id: 'a', name: '李四' },
            { id: 'b', name: '王五' },
          ],
        }),
        t,
      ),
    ).toBe('李四、王五');
    expect(nodeUsers(node({ status: 'upcoming' }), t)).toBe('无人办理');
    expect(nodeUsers(node({ status: 'skipped' }), t)).toBe('');
  });
});

describe('after a transfer and at a copy step', () => {
  const zh = i18n.getFixedT('zh', 'detail');
  const en = i18n.getFixedT('en', 'detail');
  it('a transferred task reads as handed to the new holder, in both languages', () => {
    const moved = {
      ...task('p.1', 100),
      status: 'cancelled' as const,
      actionUser: { id: 'l', name: '李四' },
      actionName: '转办',
      handedTo: { id: 'z', name: '赵六' },
    };
    expect(taskActionText(moved, zh)).toBe('转办给 赵六');
    expect(taskActionText({ ...moved, handedTo: { id: 'z', name: 'Zhao Liu' } }, en)).toBe('Transferred to Zhao Liu');
    expect(taskActionText({ ...task('p.2', 100), actionName: '同意' }, zh)).toBe('同意');
  });
  it('a copy node says whom it copied, never "done · nobody handled it"', () => {
    const cc = node({ kind: 'cc', status: 'done', users: [{ id: 'w', name: '王五' }] });
    expect(nodeText(cc, zh)).toBe('已抄送 王五');
    expect(nodeText({ ...cc, users: [{ id: 'w', name: 'Wang Wu' }] }, en)).toBe('Copied to Wang Wu');
    expect(nodeText({ ...cc, users: [] }, zh)).toBe('已抄送');
    expect(nodeText({ ...cc, status: 'upcoming' }, zh)).toBe('将抄送 王五');
    expect(nodeText({ ...cc, status: 'skipped', users: [] }, en)).toBe('Skipped');
    // An approval node keeps "status · who".
    expect(nodeText(node({ status: 'current', users: [{ id: 'z', name: '赵六' }] }), zh)).toBe('进行中 · 赵六');
    expect(nodeText(node({ status: 'upcoming' }), zh)).toBe('待办理 · 无人办理');
    expect(nodeText(node({ kind: 'end', status: 'upcoming' }), zh)).toBe('待办理');
  });
});
