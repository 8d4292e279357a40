// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { Task } from '@service-hall/contracts';

import { taskTarget } from './open-task.ts';

const task = (uri: string) => ({ uri, process: { id: 'p1' } }) as Task;

describe('taskTarget', () => {
  it('opens our own tasks in the detail page, whether the API sent the path or the absolute link', () => {
    for (const uri of [
      '',
      '/workflow/detail?id=p1&task=t1',
      'https://hall.example.edu.cn/workflow/detail?id=p1&task=t1',
      'http://127.0.0.1:8320/hall/workflow/detail?id=p1',
    ]) {
      expect(taskTarget(task(uri)), uri).toEqual({ internal: true, path: '/workflow/detail?id=p1' });
    }
  });

  it("opens an external system's task at its own address", () => {
    expect(taskTarget(task('https://oa.example.edu.cn/todo/42'))).toEqual({
      internal: false,
      url: 'https://oa.example.edu.cn/todo/42',
    });
  });
});
