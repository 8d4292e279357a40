import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import type { Task } from '@service-hall/contracts';

import { createQueryClient } from '../../../app/query-client.ts';
import { captureRequests, configureForTests, signInForTests } from '../../../test/fake-http.ts';
import { fromTaskApiTodo, getTodoTasks, TODO_QUERY, useTodoTasks, type GraphqlTask } from './get-todo-tasks.ts';

signInForTests();
const config = configureForTests;

const base = {
  id: 't1',
  name: '辅导员审核',
  assignTime: 1_763_000_000,
  uri: '',
  actionName: '',
  actions: [{ id: 'approve', name: '同意' }],
  process: {
    id: 'p1',
    name: '请假申请',
    uri: '',
    tags: '',
    entry: '20261114-000001',
    owner: { id: 'u-zhangsan', name: '张三', account: 'zhangsan' },
    app: { id: 'app-leave', name: '请假', code: 'leave', department: '' },
    system: { id: '', name: '' },
  },
};
const delegated = { ...base, id: 't2', entruster: { id: 'u-zhaoliu', name: '赵六' } };
/** What REST answers (no entruster key unless delegated) and what the task API answers for the same tasks. */
const restTasks: Task[] = [base, delegated];
const graphqlTasks: GraphqlTask[] = [{ ...base, entruster: null }, delegated];

describe('getTodoTasks', () => {
  it('reads GET /api/me/tasks/todo?entrust=true in REST mode', async () => {
    config(null);
    const seen = captureRequests({ errno: 0, error: '', total: 12, entities: restTasks });
    const page = await getTodoTasks({ keyword: '请假', limit: '10', start: '10' });
    expect(seen).toHaveLength(1);
    expect(seen[0].init.method).toBe('GET');
    expect(seen[0].url).toBe(`/api/me/tasks/todo?entrust=true&keyword=${encodeURIComponent('请假')}&limit=10&start=10`);
    expect(page).toEqual({ tasks: restTasks, total: 12 });
  });

  it('posts the tasks query with page, size, keyword and cate in task-API mode, and answers the same shape', async () => {
    config('/graphql');
    const seen = captureRequests({ data: { tasks: { total: 12, list: graphqlTasks } } });
    const page = await getTodoTasks({ keyword: '请假', limit: '10', start: '10' });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/graphql');
    expect(seen[0].init.method).toBe('POST');
    expect((seen[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(JSON.parse(seen[0].init.body as string)).toEqual({
      query: TODO_QUERY,
      variables: { cate: 'todo', page: 10, size: 10, keyword: '请假' },
    });
    // Exactly what REST mode gives the page: entruster absent unless delegated.
    expect(page).toEqual({ tasks: restTasks, total: 12 });
    expect('entruster' in page.tasks[0]).toBe(false);
  });

  it('throws the task API’s error with its code and message', async () => {
    config('/graphql');
    captureRequests({
      data: { tasks: null },
      errors: [{ message: '无权查看该用户的事项', extensions: { code: 'FORBIDDEN' } }],
    });
    await expect(getTodoTasks({ userId: 'lisi', limit: '10', start: '0' })).rejects.toMatchObject({
      ecode: 'FORBIDDEN',
      message: '无权查看该用户的事项',
    });
  });
});

describe('fromTaskApiTodo', () => {
  it('maps an empty or null answer to an empty page', () => {
    expect(fromTaskApiTodo({ tasks: { total: 0, list: [] } })).toEqual({ tasks: [], total: 0 });
    expect(fromTaskApiTodo({ tasks: null })).toEqual({ tasks: [], total: 0 });
  });
});

describe('useTodoTasks', () => {
  /** Opens the to-do screen twice with one query client; returns how many requests went out. */
  async function openTwice(answer: unknown) {
    const seen = captureRequests(answer);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const query = { limit: '10', start: '0' };
    for (let i = 0; i < 2; i += 1) {
      const { result, unmount } = renderHook(() => useTodoTasks(query), { wrapper });
      await waitFor(() => expect(result.current.isSuccess && !result.current.isFetching).toBe(true));
      expect(result.current.data).toEqual({ tasks: restTasks, total: 2 });
      unmount();
    }
    return seen.length;
  }

  it('fetches from the network on every visit in task-API mode (network-only), serves the cache in REST mode', async () => {
    config('/graphql');
    expect(await openTwice({ data: { tasks: { total: 2, list: graphqlTasks } } })).toBe(2);
    config(null);
    expect(await openTwice({ errno: 0, error: '', total: 2, entities: restTasks })).toBe(1);
  });
});
