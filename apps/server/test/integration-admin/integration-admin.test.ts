import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OidcBrowser, pkce } from '../helpers/oidc-browser.ts';
import { clientTokenFor, registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/**
 * Systems and registered clients: the administration API, the embedded IdP's token endpoint for
 * them, and the API accepting (or refusing) their tokens.
 */
describe.each(testDialects())('systems and registered clients on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { SEED: 'demo' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (account: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { ...(await t.auth(account)), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const tokenRequest = (id: string, secret: string, scope: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { authorization: basic(id, secret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const auditOf = (targetId: string) =>
    t.ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('id').execute();

  it('lets only system administrators in: a student, an app administrator and a system token get 403', async () => {
    await registerSystemClient(t, { systemId: 'sys-probe', clientId: 'probe-bot' });
    const system = await systemTokenFor(t, 'probe-bot');
    const routes: Array<[string, 'GET' | 'POST' | 'PUT', unknown?]> = [
      ['/api/admin/systems', 'GET'],
      ['/api/admin/systems', 'POST', { id: 'sys-x', name: 'X' }],
      ['/api/admin/systems/sys-probe', 'PUT', { name: 'Y' }],
      ['/api/admin/clients', 'GET'],
      ['/api/admin/clients', 'POST', { kind: 'system', name: 'x', systemId: 'sys-probe', scopes: ['task'] }],
      ['/api/admin/clients/probe-bot', 'PUT', { name: 'z' }],
      ['/api/admin/clients/probe-bot/secret', 'POST'],
      ['/api/admin/systems/sys-probe/callback-secret', 'POST'],
    ];
    for (const [url, method, payload] of routes) {
      // A member, another member, an app administrator.
      for (const account of ['zhangsan', 'lisi', 'wangwu']) {
        const res = await call(account, method, url, payload);
        expect(res.statusCode, `${account} ${method} ${url}`).toBe(403);
        expect(res.json().ecode).toBe('FORBIDDEN');
      }
      const bySystem = await t.app.inject({
        method,
        url,
        headers: bearer(system),
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(bySystem.statusCode, `system ${method} ${url}`).toBe(403);
    }
    expect(
      await t.ctx.db.selectFrom('systems').select('id').where('id', '=', 'sys-x').executeTakeFirst(),
    ).toBeUndefined();
    expect(await auditOf('probe-bot')).toEqual([]);
    expect(await auditOf('sys-probe')).toEqual([]);
    const probe = await t.ctx.db
      .selectFrom('systems')
      .select('callback_secret')
      .where('id', '=', 'sys-probe')
      .executeTakeFirstOrThrow();
    expect(probe.callback_secret).toBeNull();
    expect((await call('admin', 'GET', '/api/admin/systems')).statusCode).toBe(200);
  });

  it('creates, lists and edits a system owning apps, each change audited; bad apps write nothing', async () => {
    const unknownApp = await call('admin', 'POST', '/api/admin/systems', {
      id: 'finance',
      name: '财务处系统',
      apps: ['reimburse', 'no-such-app'],
    });
    expect(unknownApp.statusCode).toBe(400);
    expect(unknownApp.json()).toMatchObject({
      ecode: 'VALIDATION_FAILED',
      error: 'No app with the code "no-such-app"',
    });
    const foreignApp = await call('admin', 'POST', '/api/admin/systems', {
      id: 'finance',
      name: '财务处系统',
      apps: ['tuition'],
    });
    expect(foreignApp.statusCode).toBe(409);
    expect(foreignApp.json().error).toContain('sys-cwxt');
    expect(
      await t.ctx.db.selectFrom('systems').select('id').where('id', '=', 'finance').executeTakeFirst(),
    ).toBeUndefined();

    const created = await call('admin', 'POST', '/api/admin/systems', {
      id: 'finance',
      name: '财务处系统',
      nameEn: 'Finance Office',
      baseUrl: 'https://finance.example.edu',
      apps: ['reimburse'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().entities[0]).toMatchObject({
      id: 'finance',
      name: '财务处系统',
      apps: ['reimburse'],
      enabled: true,
      clients: 0,
    });
    const again = await call('admin', 'POST', '/api/admin/systems', { id: 'finance', name: 'dup' }, 'zh');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('业务系统编号“finance”已存在');

    // Callbacks stay under the base URL: one carrying credentials, or not a URL, is refused.
    for (const baseUrl of [
      'https://user:pass@finance.example.edu',
      'https://finance.example.edu:99999/',
      'finance.example.edu',
      '//finance.example.edu/cb',
    ]) {
      const bad = await call('admin', 'PUT', '/api/admin/systems/finance', { baseUrl });
      expect(bad.statusCode, baseUrl).toBe(400);
      expect(bad.json().details, baseUrl).toMatchObject([{ field: 'baseUrl' }]);
    }
    expect(
      (
        await call('admin', 'POST', '/api/admin/systems', {
          id: 'finance2',
          name: 'x',
          baseUrl: 'https://u@finance.example.edu',
        })
      ).statusCode,
    ).toBe(400);
    const edited = await call('admin', 'PUT', '/api/admin/systems/finance', {
      nameEn: 'Finance',
      apps: ['reimburse', 'seal'],
    });
    expect(edited.json().entities[0]).toMatchObject({ nameEn: 'Finance', apps: ['reimburse', 'seal'] });
    // A system served by the portal itself (the demo's are) has a path for a base, and stays editable.
    const demo = await call('admin', 'PUT', '/api/admin/systems/sys-jwxt', {
      name: '教务系统（新）',
      baseUrl: '/demo-external/sys-jwxt',
    });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json().entities[0]).toMatchObject({ name: '教务系统（新）', baseUrl: '/demo-external/sys-jwxt' });
    const list = await call('admin', 'GET', '/api/admin/systems');
    expect(list.json().entities.find((s: { id: string }) => s.id === 'finance')).toMatchObject({
      apps: ['reimburse', 'seal'],
    });
    expect((await call('admin', 'PUT', '/api/admin/systems/nope', { name: 'x' })).statusCode).toBe(404);

    const audit = await auditOf('finance');
    expect(audit.map((a) => a.action)).toEqual(['system.create', 'system.edit']);
    expect(audit[0]!.actor_account).toBe('admin');
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({ apps: ['reimburse', 'seal'] });
  });

  it('registers a system client whose secret is shown once, works at the token endpoint, and rotates', async () => {
    const res = await call('admin', 'POST', '/api/admin/clients', {
      kind: 'system',
      clientId: 'finance-bot',
      name: 'Finance sync',
      systemId: 'finance',
      scopes: ['task', 'process', 'process_edit'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const client = res.json().entities[0];
    expect(client).toMatchObject({
      clientId: 'finance-bot',
      kind: 'system',
      systemId: 'finance',
      scopes: ['task', 'process', 'process_edit'],
    });
    const secret = client.clientSecret as string;
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const row = await t.ctx.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where('id', '=', 'finance-bot')
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = (await call('admin', 'GET', '/api/admin/clients?systemId=finance')).json();
    expect(listed.total).toBe(1);
    expect(listed.entities[0].clientSecret).toBeUndefined();

    const issued = await tokenRequest('finance-bot', secret, 'task process');
    expect(issued.statusCode, issued.body).toBe(200);
    const token = issued.json<{ access_token: string; scope: string; expires_in: number }>();
    expect(token.scope).toBe('task process');
    expect(token.expires_in).toBeLessThanOrEqual(900);
    expect(decodeJwt(token.access_token)).toMatchObject({
      client_id: 'finance-bot',
      sub: 'finance-bot',
      aud: t.config.apiAudience,
    });
    const todo = await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers: bearer(token.access_token) });
    expect(todo.statusCode, todo.body).toBe(200);

    // Bad input at the token endpoint: wrong secret, unknown client, a scope the client is not allowed.
    expect((await tokenRequest('finance-bot', 'wrong', 'task')).json()).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest('nobody', secret, 'task')).json()).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest('finance-bot', secret, 'task entrust_edit')).json()).toMatchObject({
      error: 'invalid_scope',
    });

    const rotated = await call('admin', 'POST', '/api/admin/clients/finance-bot/secret');
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().entities[0].clientSecret as string;
    expect(fresh).not.toBe(secret);
    expect((await tokenRequest('finance-bot', secret, 'task')).json()).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest('finance-bot', fresh, 'task')).statusCode).toBe(200);
    const audit = await auditOf('finance-bot');
    expect(audit.map((a) => a.action)).toEqual(['client.create', 'client.rotate-secret']);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain(fresh);
    expect(JSON.stringify(audit)).not.toContain('sha256:');
  });

  it('refuses a scope it does not know, a public client with a non-loopback redirect, and a taken id, writing nothing', async () => {
    const unknownScope = await call('admin', 'POST', '/api/admin/clients', {
      kind: 'system',
      name: 'x',
      systemId: 'finance',
      scopes: ['root'],
    });
    expect(unknownScope.statusCode).toBe(400);
    expect(unknownScope.json().details[0].field).toBe('scopes.0');
    for (const uri of [
      'https://evil.example/cb',
      'http://localhost:8400/cb',
      'http://10.0.0.1:8400/cb',
      'http://127.0.0.1:8400/cb#x',
    ]) {
      const res = await call('admin', 'POST', '/api/admin/clients', {
        kind: 'public',
        clientId: 'bad-cli',
        name: 'CLI',
        scopes: ['task'],
        redirectUris: [uri],
      });
      expect(res.statusCode, uri).toBe(400);
      expect(res.json().details[0].field).toBe('redirectUris.0');
    }
    const noSystem = await call('admin', 'POST', '/api/admin/clients', {
      kind: 'system',
      clientId: 'orphan',
      name: 'x',
      systemId: 'nope',
      scopes: ['task'],
    });
    expect(noSystem.statusCode).toBe(404);
    const portal = await call('admin', 'POST', '/api/admin/clients', {
      kind: 'system',
      clientId: 'service-hall',
      name: 'x',
      systemId: 'finance',
      scopes: ['task'],
    });
    expect(portal.statusCode).toBe(409);
    const taken = await call('admin', 'POST', '/api/admin/clients', {
      kind: 'system',
      clientId: 'finance-bot',
      name: 'x',
      systemId: 'finance',
      scopes: ['task'],
    });
    expect(taken.statusCode).toBe(409);
    const rows = await t.ctx.db
      .selectFrom('oauth_clients')
      .select('id')
      .where('id', 'in', ['bad-cli', 'orphan', 'service-hall'])
      .execute();
    expect(rows).toEqual([]);
  });

  it('signs a person in through a public client with PKCE on a loopback redirect of any port, cut to its scopes', async () => {
    const res = await call('admin', 'POST', '/api/admin/clients', {
      kind: 'public',
      clientId: 'hall-cli',
      name: 'Hall CLI',
      scopes: ['task', 'task_edit'],
      redirectUris: ['http://127.0.0.1/callback'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entities[0].clientSecret).toBeUndefined();
    expect((await call('admin', 'POST', '/api/admin/clients/hall-cli/secret')).statusCode).toBe(409);

    const { verifier, challenge } = pkce();
    const redirect = 'http://127.0.0.1:53127/callback';
    const browser = new OidcBrowser(t.app);
    const auth = `/oidc/auth?${new URLSearchParams({
      client_id: 'hall-cli',
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'openid task task_edit',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's1',
    }).toString()}`;
    const page = await browser.follow(await browser.request('GET', auth));
    expect(page.statusCode, page.body).toBe(200);
    const action = /action="([^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const back = await browser.follow(await browser.request('POST', action, { username: 'lisi', password: 'demo123' }));
    const to = new URL(String(back.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(redirect);
    const tokens = await browser.request('POST', '/oidc/token', {
      grant_type: 'authorization_code',
      code: to.searchParams.get('code')!,
      redirect_uri: redirect,
      client_id: 'hall-cli',
      code_verifier: verifier,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const access = tokens.json<{ access_token: string }>().access_token;
    expect(decodeJwt(access)).toMatchObject({ sub: 'lisi', client_id: 'hall-cli' });
    expect((await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers: bearer(access) })).statusCode).toBe(
      200,
    );

    // A scope beyond the client's is refused at the IdP; a token claiming more (external IdP) is cut down by the API.
    const wider = await browser.request(
      'GET',
      `/oidc/auth?${new URLSearchParams({
        client_id: 'hall-cli',
        redirect_uri: redirect,
        response_type: 'code',
        scope: 'openid task entrust_edit',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 's2',
      }).toString()}`,
    );
    expect(String(wider.headers.location)).toContain('error=invalid_scope');
    const claimed = await clientTokenFor(t, { clientId: 'hall-cli', sub: 'lisi', scope: 'task entrust' });
    const entrust = await t.app.inject({ method: 'GET', url: '/api/user/lisi/entrustees', headers: bearer(claimed) });
    expect(entrust.statusCode).toBe(403);
    expect(entrust.json().ecode).toBe('ACCESS_TOKEN_SCOPE_INVALID');
  });

  it('stops a switched-off client, a switched-off system and a removed client at once', async () => {
    const token = await systemTokenFor(t, 'finance-bot', 'task');
    const todo = () => t.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers: bearer(token) });
    expect((await todo()).statusCode).toBe(200);
    expect((await call('admin', 'PUT', '/api/admin/clients/finance-bot', { enabled: false })).statusCode).toBe(200);
    expect((await todo()).json().ecode).toBe('ACCESS_TOKEN_INVALID');
    await call('admin', 'PUT', '/api/admin/clients/finance-bot', { enabled: true });
    expect((await todo()).statusCode).toBe(200);
    await call('admin', 'PUT', '/api/admin/systems/finance', { enabled: false });
    expect((await todo()).statusCode).toBe(401);
    await call('admin', 'PUT', '/api/admin/systems/finance', { enabled: true });
    expect((await todo()).statusCode).toBe(200);
    // A client_credentials token of a client that is not registered (deleted) speaks for nobody, even if its id
    // happens to be someone's account.
    const ghost = await systemTokenFor(t, 'zhangsan', 'task');
    const res = await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers: bearer(ghost) });
    expect(res.statusCode).toBe(401);
  });

  it('gives a system a callback secret from the console, once; a rotation keeps the previous one signing for a day', async () => {
    await registerSystemClient(t, { systemId: 'sys-callbacks', clientId: 'callbacks-bot' });
    const state = async () =>
      ((await call('admin', 'GET', '/api/admin/systems')).json().entities as Array<{ id: string }>).find(
        (s) => s.id === 'sys-callbacks',
      );
    expect(await state()).toMatchObject({ callbackSecret: false, previousCallbackSecretValidUntil: null });

    const first = await call('admin', 'POST', '/api/admin/systems/sys-callbacks/callback-secret');
    expect(first.statusCode, first.body).toBe(200);
    const issued = first.json().entities[0] as { secret: string; previousValidUntil: number | null };
    expect(issued.secret.length).toBeGreaterThanOrEqual(32);
    expect(issued.previousValidUntil).toBeNull();
    expect(await state()).toMatchObject({ callbackSecret: true, previousCallbackSecretValidUntil: null });
    // Never shown again: the listing carries no secret.
    expect(JSON.stringify(await state())).not.toContain(issued.secret);

    const second = (await call('admin', 'POST', '/api/admin/systems/sys-callbacks/callback-secret')).json().entities[0];
    expect(second.secret).not.toBe(issued.secret);
    const now = t.ctx.now();
    expect(second.previousValidUntil).toBeGreaterThanOrEqual(now + 24 * 3600 - 5);
    expect(await state()).toMatchObject({ previousCallbackSecretValidUntil: second.previousValidUntil });
    const row = await t.ctx.db
      .selectFrom('systems')
      .select(['callback_secret', 'callback_secret_previous'])
      .where('id', '=', 'sys-callbacks')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ callback_secret: second.secret, callback_secret_previous: issued.secret });

    const audit = await auditOf('sys-callbacks');
    expect(audit.map((a) => a.action).filter((a) => a.includes('callback'))).toEqual([
      'system.rotate-callback-secret',
      'system.rotate-callback-secret',
    ]);
    expect(JSON.stringify(audit)).not.toContain(issued.secret);
    expect(JSON.stringify(audit)).not.toContain(second.secret);

    const missing = await call('admin', 'POST', '/api/admin/systems/no-such-system/callback-secret', undefined, 'zh');
    expect([missing.statusCode, missing.json().error]).toEqual([404, '业务系统“no-such-system”不存在']);
  });
});
