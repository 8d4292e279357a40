// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { notificationKey } from './notification-key.ts';

const process = (status: 'doing' | 'completed' | 'rejected' | 'withdrawn') => ({ id: 'p', name: 'n', entry: 'e', status });

describe('notificationKey', () => {
  it('names the outcome of a finished process', () => {
    expect(notificationKey({ type: 'process.finished', process: process('completed') })).toBe('type.process.finished');
    expect(notificationKey({ type: 'process.finished', process: process('rejected') })).toBe('outcome.rejected');
    expect(notificationKey({ type: 'process.finished', process: process('withdrawn') })).toBe('outcome.withdrawn');
    expect(notificationKey({ type: 'task.assigned', process: process('rejected') })).toBe('type.task.assigned');
  });
});
