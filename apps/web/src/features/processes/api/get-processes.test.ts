// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { ProcessListItem } from '@service-hall/contracts';

import { captureRequests, configureForTests, signInForTests } from '../../../test/fake-http.ts';
import {
  fromTaskApiProcesses,
  getProcesses,
  PROCESS_LISTS,
  PROCESSES_QUERY,
  processesVariables,
} from './get-processes.ts';

signInForTests();
const config = configureForTests;

const item: ProcessListItem = {
  id: 'p1',
  name: '请假申请',
  uri: '',
  entry: '20261114-000001',
  status: 'completed',
  create: 1_763_000_000,
  update: 1_763_000_100,
  pendingTasks: [],
  app: { id: 'app-leave', name: '请假', code: 'leave', department: '' },
  system: { id: '', name: '' },
  owner: { id: 'u-zhangsan', name: '张三', account: 'zhangsan' },
};
const year = '1767196800,1798732799';

describe('getProcesses', () => {
  it('reads doing and done over REST when no task API is configured', async () => {
    config(null);
    const seen = captureRequests({ errno: 0, error: '', total: 1, entities: [item] });
    const page = await getProcesses('done', {
      ...PROCESS_LISTS.done.fixed('zh'),
      timestamps: year,
      limit: '10',
      start: '0',
    });
    expect(seen[0].init.method).toBe('GET');
    expect(seen[0].url).toBe(
      `/api/me/processes/done?sep=false&timestamps=${encodeURIComponent(year)}&limit=10&start=0`,
    );
    expect(page).toEqual({ items: [item], total: 1 });
  });

  it('posts processes(cate: …) for doing and done in task-API mode, with the same result shape as REST', async () => {
    config('/graphql');
    const cases: Array<['doing' | 'done', Record<string, string>, Record<string, unknown>]> = [
      [
        'doing',
        { ...PROCESS_LISTS.doing.fixed('zh'), keyword: '请假', limit: '10', start: '20' },
        { cate: 'doing', page: 20, size: 10, keyword: '请假' },
      ],
      [
        'done',
        { ...PROCESS_LISTS.done.fixed('zh'), timestamps: year, limit: '10', start: '0' },
        { cate: 'done', page: 0, size: 10, sep: false, timestamps: year },
      ],
      [
        'done',
        { sep: 'true', userId: 'wangwu', limit: '5', start: '5' },
        { cate: 'done', page: 5, size: 5, sep: true, userId: 'wangwu' },
      ],
    ];
    for (const [list, query, variables] of cases) {
      const seen = captureRequests({ data: { processes: { total: 21, list: [item] } } });
      const page = await getProcesses(list, query);
      expect(seen[0].url).toBe('/graphql');
      expect(seen[0].init.method).toBe('POST');
      expect(JSON.parse(seen[0].init.body as string)).toEqual({ query: PROCESSES_QUERY, variables });
      expect(page).toEqual({ items: [item], total: 21 });
    }
  });

  it('keeps the cc and manage (guest) lists on REST in task-API mode', async () => {
    config('/graphql');
    for (const list of ['cc', 'guest'] as const) {
      const seen = captureRequests({ errno: 0, error: '', total: 0, entities: [] });
      await getProcesses(list, { ...PROCESS_LISTS[list].fixed('zh'), limit: '10', start: '0' });
      expect(seen[0].init.method).toBe('GET');
      expect(seen[0].url.startsWith(`${PROCESS_LISTS[list].route.path}?`)).toBe(true);
    }
  });

  it('throws the task API’s validation error with its code', async () => {
    config('/graphql');
    captureRequests({
      data: { processes: null },
      errors: [{ message: '参数有误：timestamps', extensions: { code: 'VALIDATION_FAILED' } }],
    });
    await expect(getProcesses('done', { timestamps: 'bad' })).rejects.toMatchObject({ ecode: 'VALIDATION_FAILED' });
  });
});

describe('task-API mapping', () => {
  it('sends sep as a Boolean, drops order and empty filters', () => {
    expect(processesVariables('doing', { order: 'create', keyword: ' ', limit: '10', start: '0' })).toEqual({
      cate: 'doing',
      page: 0,
      size: 10,
    });
    expect(processesVariables('done', { sep: 'false', timestamps: '' })).toEqual({
      cate: 'done',
      page: 0,
      size: 10,
      sep: false,
    });
  });

  it('maps a null answer to an empty page', () => {
    expect(fromTaskApiProcesses({ processes: null })).toEqual({ items: [], total: 0 });
  });
});
