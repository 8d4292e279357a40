// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { RuntimeConfig } from '@service-hall/contracts';

import { setRuntimeConfig } from '../config/runtime-config.ts';
import { taskApiEndpoint, taskApiQueryOptions, taskApiVariables } from './task-api.ts';

const config = (taskApi: string | null) =>
  setRuntimeConfig({ basePath: '/', apiBase: '/api', taskCentreBase: '', taskApi } as RuntimeConfig);

describe('task-API mode switch', () => {
  it('is on when config.json names a task API, off when it is null or blank', () => {
    config('/graphql');
    expect(taskApiEndpoint()).toBe('/graphql');
    config('https://tasks.example.edu/graphql');
    expect(taskApiEndpoint()).toBe('https://tasks.example.edu/graphql');
    for (const off of [null, '', '  ']) {
      config(off);
      expect(taskApiEndpoint()).toBeNull();
    }
  });

  it('maps the REST list query to GraphQL variables: start → page, limit → size, empty filters dropped', () => {
    expect(taskApiVariables('todo', { limit: '10', start: '20', keyword: ' 请假 ' })).toEqual({
      cate: 'todo',
      page: 20,
      size: 10,
      keyword: '请假',
    });
    expect(taskApiVariables('doing', { keyword: '', userId: 'zhaoliu', order: 'create' })).toEqual({
      cate: 'doing',
      page: 0,
      size: 10,
      userId: 'zhaoliu',
    });
    expect(taskApiVariables('done', { start: 'x', limit: '' })).toEqual({ cate: 'done', page: 0, size: 10 });
  });

  it('asks react-query for a network-only read in task-API mode and keeps the defaults otherwise', () => {
    expect(taskApiQueryOptions(true)).toEqual({ staleTime: 0, gcTime: 0, refetchOnMount: 'always' });
    expect(taskApiQueryOptions(false)).toEqual({});
  });
});
