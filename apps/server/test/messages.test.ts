import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// This file runs in its own module context (the server-isolated project, vitest.config.ts), so the duplicate
// registered below does not leak into other files.
describe('server messages', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('PUT /api/process with an unknown code answers the processes module\'s message, not the favourites one', async () => {
    for (const [lang, text] of [['en', 'No such service, or it cannot be applied for online'], ['zh', '该事项不存在或不能在线申请']]) {
      const res = await t.app.inject({
        method: 'PUT', url: '/api/process',
        headers: { ...(await t.auth('zhangsan')), 'accept-language': lang!, 'idempotency-key': `unknown-code-${lang}` },
        payload: { code: 'no-such-code', data: '{}' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ecode: 'NOT_FOUND', error: text });
    }
  });

  it('a message key defined by two modules stops start-up', async () => {
    const { defineMessages } = await import('../src/i18n/messages.ts');
    defineMessages('some-module', { APP_NOT_FOUND: { zh: '重复', en: 'duplicate' } });
    await expect(createTestApp({ seed: false })).rejects.toThrow(/APP_NOT_FOUND \(processes and some-module\)/);
  });
});
