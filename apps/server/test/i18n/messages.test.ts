import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messageGroups, translate } from '../../src/i18n/catalogue.ts';
import { catalogueOf, defineMessages, groupTexts } from '../../src/i18n/messages.ts';
import { processesMessages } from '../../src/modules/processes/processes-messages.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const src = path.resolve(import.meta.dirname, '../../src');

describe('server messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("PUT /api/process with an unknown code answers the processes module's message, not the favourites one", async () => {
    for (const [lang, text] of [
      ['en', 'No such service, or it cannot be applied for online'],
      ['zh', '该事项不存在或不能在线申请'],
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/process',
        headers: { ...(await t.auth('zhangsan')), 'accept-language': lang!, 'idempotency-key': `unknown-code-${lang}` },
        payload: { code: 'no-such-code', data: '{}' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ecode: 'NOT_FOUND', error: text });
    }
  });

  it('a message key declared by two groups is refused, naming both', () => {
    const other = defineMessages('some-module', { APP_NOT_FOUND: { zh: '重复', en: 'duplicate' } });
    expect(() => catalogueOf([processesMessages, other])).toThrow(/APP_NOT_FOUND \(processes and some-module\)/);
  });

  it('every group of messages declared in the server is in the catalogue', async () => {
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && fs.readFileSync(path.join(src, f), 'utf8').includes('= defineMessages('));
    expect(files.length).toBeGreaterThan(10);
    const listed = new Set<unknown>(messageGroups);
    const missing: string[] = [];
    for (const file of files) {
      const exported = (await import(path.join(src, file))) as Record<string, unknown>;
      const groups = Object.entries(exported).filter(([, v]) => typeof v === 'object' && v !== null && groupTexts in v);
      expect(groups.length, `${file} exports its messages`).toBeGreaterThan(0);
      for (const [name, group] of groups) if (!listed.has(group)) missing.push(`${file}: ${name}`);
    }
    expect(missing).toEqual([]);
    expect(translate('SYSTEM_NEEDS_USER', 'en')).toBe('A system must name the user it acts for in userId');
  });
});
