// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import en from '../../../i18n/locales/en/notifications.json';
import zh from '../../../i18n/locales/zh/notifications.json';
import { notificationKey, notificationText } from './notification-key.ts';

const process = (status: 'doing' | 'completed' | 'rejected' | 'withdrawn') => ({
  id: 'p',
  name: 'n',
  entry: 'e',
  status,
});

describe('notificationKey', () => {
  it('names the outcome of a finished process', () => {
    expect(notificationKey({ type: 'process.finished', process: process('completed') })).toBe('type.process.finished');
    expect(notificationKey({ type: 'process.finished', process: process('rejected') })).toBe('outcome.rejected');
    expect(notificationKey({ type: 'process.finished', process: process('withdrawn') })).toBe('outcome.withdrawn');
    expect(notificationKey({ type: 'task.assigned', process: process('rejected') })).toBe('type.task.assigned');
  });
});

describe('notificationText', () => {
  it('says how many more of the same a merged notification stands for, in both languages', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'zh',
      resources: { zh: { notifications: zh }, en: { notifications: en } },
      defaultNS: 'notifications',
    });
    const merged = { type: 'task.assigned' as const, process: process('doing'), count: 10 };
    expect(notificationText(i18n.getFixedT('zh'), merged)).toBe('您有新的待办：n（另有 9 条同类消息）');
    expect(notificationText(i18n.getFixedT('en'), merged)).toBe('New task for you: n (and 9 more like it)');
    expect(notificationText(i18n.getFixedT('en'), { ...merged, count: 1 })).toBe('New task for you: n');
  });
});
