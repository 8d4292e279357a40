import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { stopWhileBusy } from './graceful-stop-check.ts';
import { freePort, launch, serviceEnv, signInOverHttp, waitForReady, type Started } from './http-helpers.ts';

// Every documented way of starting the built server, stopped with SIGTERM sent to the process the operator
// started: `npm start` (the newcomer's demo), `npm run start:prod`, and `node` directly — the command the
// container (deploy/Dockerfile) and the systemd unit (deploy/service-hall.service) run. Signals must reach the
// server through npm, requests in flight must be answered and nothing may be left running.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const ADMIN = { account: 'ops-admin', password: 'Another-long-secret-2' };

const ways: Array<{ name: string; command: string; args: string[]; demo: boolean }> = [
  { name: 'npm start', command: 'npm', args: ['start'], demo: true },
  { name: 'npm run start:prod', command: 'npm', args: ['run', 'start:prod'], demo: false },
  {
    name: 'node apps/server/dist/main.js',
    command: process.execPath,
    args: ['--enable-source-maps', 'apps/server/dist/main.js'],
    demo: false,
  },
];

describe('starting and stopping the built server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-hall-start-'));
  const running: Started[] = [];
  afterAll(() => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(ways)(
    '$name: SIGTERM answers the request in flight, closes the push stream and exits within 10 s',
    async (way) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const started = launch(
        way.command,
        way.args,
        repoRoot,
        serviceEnv({
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: base,
          LOG_LEVEL: 'info',
          DATABASE_URL: `sqlite:${path.join(dir, `${port}.sqlite`)}`,
          ...(way.demo ? {} : { ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password }),
        }),
      );
      running.push(started);
      await waitForReady(started, `${base}/readyz`);
      // npm start is the demo: seeded, with the loud warning about its published passwords. The others seed nothing.
      if (way.demo) expect(started.output()).toMatch(/"event":"demo-accounts".*WARNING/);
      else expect(started.output()).not.toContain('demo-accounts');
      // The demo shows its API explorer; a production start (NODE_ENV=production, as start:prod sets it) does not
      // publish it while API_DOCS is unset. A bare `node main.js` is not told it runs in production.
      const production = way.name === 'npm run start:prod';
      expect((await fetch(`${base}/docs/json`)).status).toBe(production ? 404 : 200);

      const signedIn = way.demo
        ? await signInOverHttp(base, 'zhangsan', 'demo123')
        : await signInOverHttp(base, ADMIN.account, ADMIN.password);
      expect(signedIn).toHaveProperty('accessToken');
      const report = await stopWhileBusy(started, base, port, (signedIn as { accessToken: string }).accessToken);
      console.log(
        `${way.name}: SIGTERM → exit ${report.exitCode} after ${report.exitMs} ms, request in flight answered ${report.inFlightStatus}`,
      );
    },
    180_000,
  );
});
