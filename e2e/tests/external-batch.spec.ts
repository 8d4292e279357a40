import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';

import { accessTokenOf, startLeave } from '../support/api.ts';
import { chooseBatchAction, isMobile, tick } from '../support/matters.ts';
import { failOnPageErrors, signIn, snap } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const CLIENT = 'e2e-finance';
const CLIENT_SECRET = 'e2e-finance-secret';

/**
 * Registers a finance-system client straight in the run's fresh SQLite file, as an administrator would, and the
 * system's base URL, which its callbacks must stay under; the token itself comes from the real IdP below.
 */
function registerClient(port: string, baseUrl: string): void {
  const db = new Database(path.resolve(import.meta.dirname, '..', '.data', `code-${port}.sqlite`));
  db.pragma('busy_timeout = 10000');
  const now = Math.floor(Date.now() / 1000);
  db.prepare(
    `INSERT OR IGNORE INTO oauth_clients (id, name, kind, system_id, secret_hash, secret_rotated_at, scopes,
    redirect_uris, enabled, created_at, updated_at) VALUES (?, ?, 'system', 'sys-cwxt', ?, ?, ?, '[]', 1, ?, ?)`,
  ).run(
    CLIENT,
    CLIENT,
    `sha256:${createHash('sha256').update(CLIENT_SECRET).digest('hex')}`,
    now,
    'task task_edit process process_edit',
    now,
    now,
  );
  db.prepare(`UPDATE systems SET base_url = ? WHERE id = 'sys-cwxt'`).run(baseUrl);
  db.close();
}

/** The finance system's callback endpoint: verifies the signature, applies each Idempotency-Key once. */
async function financeSystem(secret: () => string) {
  const applied = new Map<string, number>();
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const ts = String(req.headers['x-servicehall-timestamp']);
      const want = createHmac('sha256', secret()).update(`${ts}.${body}`).digest('hex');
      if (!String(req.headers['x-servicehall-signature']).split(',').includes(`v1=${want}`))
        return void res.writeHead(401).end();
      if (failing.has(req.url ?? '')) return void res.writeHead(500).end('{"error":"ledger locked"}');
      const key = String(req.headers['idempotency-key']);
      applied.set(key, (applied.get(key) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    applied,
    failing,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

test("lisi batch-handles our tasks and the finance system's; one callback fails, is reported alone, and succeeds on retry once", async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  let secret = '';
  const finance = await financeSystem(() => secret);
  registerClient(new URL(baseURL!).port, `${finance.url}/cb`);
  try {
    const student = await browser.newPage();
    const teacher = await browser.newPage();
    failOnPageErrors(teacher);

    // The finance system: a real client_credentials token, then its callback secret.
    const tokenRes = await student.request.post('/oidc/token', {
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT}:${CLIENT_SECRET}`).toString('base64')}` },
      form: { grant_type: 'client_credentials', scope: 'task_edit process_edit' },
    });
    expect(tokenRes.status(), await tokenRes.text()).toBe(200);
    const sys = { authorization: `Bearer ${(await tokenRes.json()).access_token}` };
    const rotated = await student.request.post('/api/integration/callback-secret', { headers: sys });
    expect(rotated.status(), await rotated.text()).toBe(200);
    secret = (await rotated.json()).entities[0].secret;

    await signIn(student, 'zhangsan');
    const ours = await startLeave(student.request, await accessTokenOf(student), `E2E-EXT-${Date.now()}`);

    const tag = Date.now();
    const external: Array<{ id: string; path: string; entry: string }> = [];
    for (const n of [1, 2]) {
      const p = await student.request.put(`/api/integration/processes/E2E-${tag}-${n}`, {
        headers: sys,
        data: {
          app: 'invoice',
          owner: 'zhangsan',
          name: `差旅报销 E2E-${tag}-${n}`,
          uri: `https://finance.example.edu/bx/${n}`,
        },
      });
      expect(p.status(), await p.text()).toBe(200);
      const t = await student.request.put(`/api/integration/tasks/E2E-${tag}-${n}-T`, {
        headers: sys,
        data: {
          process: `E2E-${tag}-${n}`,
          assignee: 'lisi',
          name: '报销审核',
          uri: `https://finance.example.edu/bx/${n}/review`,
          actions: [
            { id: 'approve', name: { zh: '同意', en: 'Approve' } },
            { id: 'reject', name: { zh: '不同意', en: 'Reject' } },
          ],
          callbackUrl: `${finance.url}/cb/${n}`,
        },
      });
      expect(t.status(), await t.text()).toBe(200);
      external.push({
        id: (await t.json()).entities[0].id,
        path: `/cb/${n}`,
        entry: (await p.json()).entities[0].entry,
      });
    }
    finance.failing.add('/cb/2');

    await signIn(teacher, 'lisi', '/workflow/todo');
    // The leave's first step may open a task for every counsellor: take lisi's.
    const todo = await teacher.request.get('/api/me/tasks/todo?limit=100', {
      headers: { authorization: `Bearer ${await accessTokenOf(teacher)}` },
    });
    const ourTask = ((await todo.json()).entities as Array<{ id: string; process: { id: string } }>).find(
      (x) => x.process.id === ours.id,
    )!.id;
    const ids = [ourTask, ...external.map((e) => e.id)];
    for (const id of ids) await expect(teacher.getByTestId(`todo-row-${id}`)).toBeVisible({ timeout: 10_000 });
    await expect(teacher.getByTestId(`todo-row-${external[0]!.id}`)).toContainText('财务系统');
    await snap(teacher, info, 'todo-external');
    for (const id of ids) await tick(teacher, info, id);

    await teacher.getByTestId('batch-open').click();
    await chooseBatchAction(teacher, 'approve');
    for (const id of ids) await expect(teacher.getByTestId(`batch-plan-${id}`)).toHaveAttribute('data-sent', 'yes');
    await teacher.getByTestId('batch-confirm').click();

    // The failing callback alone is reported, with its serial number and the system's name; it stays ticked.
    const failure = teacher.getByTestId(`batch-error-${external[1]!.id}`);
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure).toContainText(external[1]!.entry);
    await expect(failure).toContainText('财务系统');
    await expect(teacher.getByTestId('batch-errors').locator('li')).toHaveCount(1);
    await snap(teacher, info, 'batch-external-failure');
    await expect(teacher.getByTestId(`todo-row-${ourTask}`)).toBeHidden();
    await expect(teacher.getByTestId(`todo-row-${external[0]!.id}`)).toBeHidden();
    if (isMobile(info)) await expect(teacher.getByTestId('batch-open')).toContainText('1');
    else
      await expect(teacher.getByTestId(`todo-row-${external[1]!.id}`).locator('input[type="checkbox"]')).toBeChecked();

    // The system recovers; the retry succeeds, and the system applied each action exactly once.
    finance.failing.delete('/cb/2');
    await teacher.getByTestId('batch-retry').click();
    // The retry starts again from the choice, with the failed item alone and the same action chosen.
    await expect(teacher.getByTestId(`batch-plan-${external[1]!.id}`)).toHaveAttribute('data-sent', 'yes');
    await expect(teacher.getByTestId('batch-confirm')).toContainText('1');
    await teacher.getByTestId('batch-confirm').click();
    await expect(teacher.getByText('批量办理完成！').first()).toBeVisible({ timeout: 30_000 });
    await expect(teacher.getByTestId(`todo-row-${external[1]!.id}`)).toBeHidden();
    expect([...finance.applied.entries()].sort()).toEqual(
      external.map((e) => [`${e.id}:approve`, 1] as [string, number]).sort(),
    );
  } finally {
    await finance.close();
  }
});
