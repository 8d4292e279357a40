import { describe, expect, it } from 'vitest';

import { ADMIN_ACTIONS, authorize, isAnyAdmin, type AdminSubject } from '../../src/modules/admin/admin-policy.ts';

const subject = (roles: string[], appIds: string[] = []): AdminSubject => ({
  id: 'u',
  account: 'u',
  roles,
  appIds: new Set(appIds),
});

const appScoped = [
  'app.edit',
  'guide.write',
  'definition.deploy',
  'process.view',
  'process.reassign',
  'process.cancel',
];

describe('administration policy', () => {
  it('lets a system administrator do everything, with or without a resource', () => {
    const admin = subject(['admin', 'head']);
    for (const action of ADMIN_ACTIONS) {
      expect(authorize(admin, action)).toBe(true);
      expect(authorize(admin, action, { appIds: ['app-any'] })).toBe(true);
    }
  });

  it('lets an app administrator act on their own apps only, and only in the app-scoped actions', () => {
    const wangwu = subject(['teacher', 'head'], ['app-leave', 'app-trip']);
    for (const action of ADMIN_ACTIONS) {
      const expected = appScoped.includes(action);
      expect(authorize(wangwu, action, { appIds: ['app-leave'] }), action).toBe(expected);
      expect(authorize(wangwu, action, { appIds: ['app-reimburse'] }), action).toBe(false);
      expect(authorize(wangwu, action), action).toBe(false);
    }
  });

  it('gives a guide to an app administrator only when every app it links is theirs', () => {
    const wangwu = subject([], ['app-leave', 'app-trip']);
    expect(authorize(wangwu, 'guide.write', { appIds: ['app-leave', 'app-trip'] })).toBe(true);
    expect(authorize(wangwu, 'guide.write', { appIds: ['app-leave', 'app-reimburse'] })).toBe(false);
    // A guide linking no app belongs to the system administrators.
    expect(authorize(wangwu, 'guide.write', { appIds: [] })).toBe(false);
  });

  it('refuses everything to a member, whatever other roles they hold', () => {
    const student = subject(['student', 'teacher', 'head', 'finance']);
    for (const action of ADMIN_ACTIONS) expect(authorize(student, action, { appIds: ['app-leave'] })).toBe(false);
    expect(isAnyAdmin(student)).toBe(false);
    expect(isAnyAdmin(subject([], ['app-leave']))).toBe(true);
  });
});
