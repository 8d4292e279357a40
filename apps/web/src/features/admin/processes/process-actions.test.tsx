import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AdminProcess } from '@service-hall/contracts';

import { initI18n } from '../../../i18n/index.ts';
import { rowActions } from './process-actions.tsx';

// antd does not render under vitest (its CommonJS dependencies load another React; apps/web/vitest.config.ts): the
// row's choice and its texts are checked here, the rendered row by the console's end-to-end spec.
const process = (over: Partial<AdminProcess> = {}): AdminProcess => ({
  id: 'p-1',
  entry: '202612040001',
  name: '发票 BX-9',
  appId: 'app-invoice',
  app: '电子发票开具',
  status: 'doing',
  applicantId: 'u-zhangsan',
  applicant: '张三',
  applicantAccount: 'zhangsan',
  createdAt: 1,
  updatedAt: 1,
  finishedAt: null,
  openTasks: [{ id: 't-1', name: '财务初审', assigneeId: 'u-lisi', assignee: '李四', assignTime: 1 }],
  pushedBy: null,
  ...over,
});

describe('the actions of a row on the console processes page', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });

  it('offers reassign and cancel on a running process of ours, nothing on an ended one', () => {
    expect(rowActions(process())).toEqual({ reassign: true, cancel: true, pushedBy: null });
    expect(rowActions(process({ openTasks: [] }))).toEqual({ reassign: false, cancel: true, pushedBy: null });
    expect(rowActions(process({ status: 'completed' }))).toEqual({ reassign: false, cancel: false, pushedBy: null });
  });

  it('offers no button on a pushed process and names the system that runs it, in both languages', () => {
    const can = rowActions(process({ pushedBy: { id: 'sys-cwxt', name: '财务系统' } }));
    expect(can).toEqual({ reassign: false, cancel: false, pushedBy: '财务系统' });
    const t = (lng: string, key: string, system: string) => i18next.t(key, { ns: 'adminProcesses', lng, system });
    expect(t('zh', 'pushedBy', '财务系统')).toBe('财务系统 推送');
    expect(t('zh', 'pushedHint', '财务系统')).toBe(
      '该办件由业务系统“财务系统”推送并负责流转，请在该系统中撤销或转办。',
    );
    expect(t('en', 'pushedBy', 'Finance System')).toBe('From Finance System');
    expect(t('en', 'pushedHint', 'Finance System')).toBe(
      'This process comes from Finance System, which runs it; cancel or reassign it there.',
    );
  });
});
