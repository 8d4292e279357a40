import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerSystemClient } from '../helpers/system-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/examples/finance-system.sh',
);

// The curl-only walk-through of docs/integration.md, run as documented against a real listening server: a registered
// finance system gets a client_credentials token, pushes a claim with a task for lisi, finds it in her to-do (app
// code, system name, absolute uri), finishes and closes it, and finds it in her done list.
describe('docs/examples/finance-system.sh', () => {
  let t: TestApp;
  let hall: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    hall = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('passes every step against the demo university', async () => {
    const { secret } = await registerSystemClient(t, {
      systemId: 'sys-cwxt',
      clientId: 'finance-walkthrough',
      scopes: 'task task_edit process process_edit',
      appCodes: ['invoice'],
    });
    const { stdout } = await run('sh', [SCRIPT], {
      env: { ...process.env, HALL: hall, CLIENT_ID: 'finance-walkthrough', CLIENT_SECRET: secret, ID: 'BX-WALK-1' },
      timeout: 60_000,
    });
    expect(stdout).toContain("ok: in lisi's to-do");
    expect(stdout).toContain('finance system walk-through passed');
  }, 90_000);
});
