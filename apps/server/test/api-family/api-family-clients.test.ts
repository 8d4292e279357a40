import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLoggedApp, type LoggedApp } from '../helpers/logged-app.ts';
import { OidcBrowser, pkce } from '../helpers/oidc-browser.ts';
import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/**
 * Clients of the other vendor's API family, in the order they do things: a token from `/infoplus/oauth2/token`
 * (client_credentials for a system; the authorization code, without PKCE, for a confidential tool an administrator
 * allowed so), then the API under `/infoplus/apis/v2` with the family's scopes, the token in the header, the query
 * or the form.
 */
const ALIAS = '/infoplus/apis/v2';
const OAUTH = '/infoplus/oauth2';
const REDIRECT = 'http://127.0.0.1:53127/callback';
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe.each(testDialects())('clients of the API family on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { SEED: 'demo' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = async (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: await t.auth('admin'), payload });
  const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${OAUTH}/token`,
      headers: { ...formHeaders, ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A person signs in through `{OAUTH}/authorize` as a browser does; answers where the IdP sent the browser back. */
  const signIn = async (params: Record<string, string>, account = 'lisi'): Promise<URL> => {
    const browser = new OidcBrowser(t.app);
    const start = await browser.request('GET', `${OAUTH}/authorize?${new URLSearchParams(params).toString()}`);
    expect(start.statusCode, start.body).toBe(307);
    expect(start.headers['cache-control']).toBe('no-store');
    const to = new URL(String(start.headers.location));
    // The sibling hands over to the IdP's own endpoint: one issuer, whatever name the client used.
    expect(to.pathname).toBe('/oidc/auth');
    let res: LightMyRequestResponse = await browser.follow(await browser.request('GET', to.pathname + to.search));
    if (res.statusCode === 200) {
      const action = /action="([^"]+)"/.exec(res.body)![1]!.replace(/&amp;/g, '&');
      res = await browser.follow(await browser.request('POST', action, { username: account, password: 'demo123' }));
    }
    return new URL(String(res.headers.location));
  };
  const codeParams = (clientId: string, scope: string, extra: Record<string, string> = {}) => ({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    state: 'st',
    ...extra,
  });

  it('gives a system a client_credentials token with the family’s sys_* scopes, its secret in Basic or the form', async () => {
    const { secret } = await registerSystemClient(t, {
      systemId: 'sys-family',
      clientId: 'family-bot',
      scopes: 'task sys_task sys_submit sys_start sys_process',
      appCodes: ['leave'],
    });
    const viaBasic = await tokenRequest(
      { grant_type: 'client_credentials', scope: 'sys_task sys_submit' },
      { authorization: basic('family-bot', secret) },
    );
    expect(viaBasic.statusCode, viaBasic.body).toBe(200);
    expect(viaBasic.headers['cache-control']).toBe('no-store');
    const viaForm = await tokenRequest({
      grant_type: 'client_credentials',
      scope: 'sys_task sys_submit',
      client_id: 'family-bot',
      client_secret: secret,
    });
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    const token = viaForm.json<{ access_token: string }>().access_token;
    // The token keeps the family's words; the API gives them their meaning under the alias prefix.
    expect(decodeJwt(token)).toMatchObject({
      sub: 'family-bot',
      scope: 'sys_task sys_submit',
      iss: `${t.config.publicUrl}/oidc`,
    });
    const todo = await t.app.inject({
      method: 'GET',
      url: `${ALIAS}/me/tasks/todo?userId=lisi`,
      headers: bearer(token),
    });
    expect(todo.statusCode, todo.body).toBe(200);
    // Under /api the family's words mean nothing more than themselves: `task` is missing there.
    const plain = await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo?userId=lisi', headers: bearer(token) });
    expect([plain.statusCode, plain.json().ecode]).toEqual([403, 'ACCESS_TOKEN_SCOPE_INVALID']);

    // A wrong secret, either way, is the client's failure, not a server error.
    const wrong = await tokenRequest({ grant_type: 'client_credentials', client_id: 'family-bot', client_secret: 'x' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'invalid_client']);
  });

  it('answers invalid_scope for a scope nobody knows, at the token and the authorization endpoint', async () => {
    const { secret } = await registerSystemClient(t, { systemId: 'sys-family', clientId: 'family-bot-2' });
    const unknown = await tokenRequest(
      { grant_type: 'client_credentials', scope: 'task sys_everything' },
      { authorization: basic('family-bot-2', secret) },
    );
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_scope' });
    // And at /oidc/token too: one rule, whichever name the endpoint is called by.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { ...formHeaders, authorization: basic('family-bot-2', secret) },
      payload: 'grant_type=client_credentials&scope=sys_everything',
    });
    expect(direct.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('signs a person in through a confidential client allowed to skip PKCE, then refreshes, secret in the form', async () => {
    const made = await admin('POST', '/api/admin/clients', {
      kind: 'confidential',
      clientId: 'family-tool',
      name: 'Family tool',
      scopes: ['task', 'process', 'start', 'app'],
      redirectUris: [REDIRECT],
      allowNoPkce: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const { clientSecret, allowNoPkce } = made.json().entities[0];
    expect(allowNoPkce).toBe(true);
    expect(clientSecret).toEqual(expect.any(String));

    const back = await signIn(codeParams('family-tool', 'openid offline_access task process start'));
    expect(back.searchParams.get('error'), back.toString()).toBeNull();
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id: 'family-tool',
      client_secret: clientSecret,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const { access_token: access, refresh_token: refresh } = tokens.json<{
      access_token: string;
      refresh_token: string;
    }>();
    expect(decodeJwt(access)).toMatchObject({ sub: 'lisi', client_id: 'family-tool' });
    expect(refresh).toEqual(expect.any(String));

    const refreshed = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: refresh },
      { authorization: basic('family-tool', clientSecret) },
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const again = refreshed.json<{ access_token: string }>().access_token;
    const todo = await t.app.inject({ method: 'GET', url: `${ALIAS}/me/tasks/todo`, headers: bearer(again) });
    expect(todo.statusCode, todo.body).toBe(200);
  });

  it('refuses the code without PKCE to a confidential client nobody allowed, and still takes it with PKCE', async () => {
    const made = await admin('POST', '/api/admin/clients', {
      kind: 'confidential',
      clientId: 'family-strict',
      name: 'Strict tool',
      scopes: ['task'],
      redirectUris: [REDIRECT],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().entities[0].allowNoPkce).toBe(false);
    const refused = await signIn(codeParams('family-strict', 'openid task'));
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(refused.searchParams.get('code')).toBeNull();

    const { verifier, challenge } = pkce();
    const withPkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const unknown = await signIn(codeParams('family-strict', 'openid task sys_everything', withPkce));
    expect(unknown.searchParams.get('error')).toBe('invalid_scope');

    const back = await signIn(codeParams('family-strict', 'openid task', withPkce));
    const tokens = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      },
      { authorization: basic('family-strict', made.json().entities[0].clientSecret) },
    );
    expect(tokens.statusCode, tokens.body).toBe(200);
  });

  it('takes the token from the query or the form under the alias, and gives the family’s `task` its meaning there', async () => {
    const token = await t.tokenFor('lisi', { scope: 'task process' });
    const inQuery = await t.app.inject({ method: 'GET', url: `${ALIAS}/me/tasks/todo?access_token=${token}&limit=5` });
    expect(inQuery.statusCode, inQuery.body).toBe(200);
    expect(inQuery.headers['cache-control']).toBe('no-store');
    const inForm = await t.app.inject({
      method: 'POST',
      url: `${ALIAS}/me/tasks/todo`,
      headers: formHeaders,
      payload: new URLSearchParams({ access_token: token, limit: '5' }).toString(),
    });
    expect(inForm.statusCode, inForm.body).toBe(200);
    expect(inForm.json().entities).toEqual(inQuery.json().entities);
    // A bad token in the query is an invalid token, as in the header.
    const bad = await t.app.inject({ method: 'GET', url: `${ALIAS}/me/tasks/todo?access_token=nope.nope.nope` });
    expect([bad.statusCode, bad.json().ecode]).toEqual([401, 'ACCESS_TOKEN_INVALID']);

    // `task` alone acts on one's own tasks under the alias (the scope check passes; no such task: 404) …
    const act = await t.app.inject({
      method: 'POST',
      url: `${ALIAS}/task/no-such-task`,
      headers: { ...bearer(token), ...formHeaders },
      payload: 'actionCode=approve',
    });
    expect([act.statusCode, act.json().ecode]).toEqual([404, 'NOT_FOUND']);
    // … and not under /api, which wants task_edit as before.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/task/no-such-task',
      headers: { ...bearer(token), ...formHeaders },
      payload: 'actionId=approve',
    });
    expect([plain.statusCode, plain.json().ecode]).toEqual([403, 'ACCESS_TOKEN_SCOPE_INVALID']);
  });

  it('keeps refusing a token in the URL or the form under /api, with an ecode clients do not read as “sign in again”', async () => {
    const token = await t.tokenFor('lisi');
    const inQuery = await t.app.inject({ method: 'GET', url: `/api/me/tasks/todo?access_token=${token}` });
    const inForm = await t.app.inject({
      method: 'POST',
      url: '/api/me/tasks/todo',
      headers: formHeaders,
      payload: `access_token=${token}`,
    });
    for (const res of [inQuery, inForm]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().ecode).toBe('CREDENTIALS_NOT_IN_HEADER');
      expect(res.json().ecode).not.toMatch(/TOKEN|ACCESS/);
    }
  });
});

describe('a token in the query or the form, in the logs and with the setting off', () => {
  let on: LoggedApp;
  let off: LoggedApp;
  beforeAll(async () => {
    on = await createLoggedApp();
    off = await createLoggedApp({ API_ALIAS_TOKEN_IN_QUERY: 'off' });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('never writes the token to a log line, taken or refused', async () => {
    const token = await on.token('lisi');
    const calls = [
      { method: 'GET' as const, url: `${ALIAS}/me/tasks/todo?access_token=${token}` },
      { method: 'GET' as const, url: `/api/me/tasks/todo?access_token=${token}` },
      {
        method: 'POST' as const,
        url: `${ALIAS}/me/tasks/todo`,
        headers: formHeaders,
        payload: `access_token=${token}`,
      },
      { method: 'POST' as const, url: '/api/me/tasks/todo', headers: formHeaders, payload: `access_token=${token}` },
    ];
    const statuses = [];
    for (const call of calls) statuses.push((await on.app.inject(call)).statusCode);
    expect(statuses).toEqual([200, 400, 200, 400]);
    // Refusals are logged (security events), so the lines exist; none holds the token or its signature.
    expect(on.securityEvents().filter((e) => e.ecode === 'CREDENTIALS_NOT_IN_HEADER')).toHaveLength(2);
    const signature = token.split('.')[2]!;
    expect(on.lines.filter((l) => l.includes(signature))).toEqual([]);
  });

  it('refuses it under the alias too when API_ALIAS_TOKEN_IN_QUERY=off, the header still working', async () => {
    const token = await off.token('lisi');
    const inQuery = await off.app.inject({ method: 'GET', url: `${ALIAS}/me/tasks/todo?access_token=${token}` });
    expect([inQuery.statusCode, inQuery.json().ecode]).toEqual([400, 'CREDENTIALS_NOT_IN_HEADER']);
    const inForm = await off.app.inject({
      method: 'POST',
      url: `${ALIAS}/me/tasks/todo`,
      headers: formHeaders,
      payload: `access_token=${token}`,
    });
    expect([inForm.statusCode, inForm.json().ecode]).toEqual([400, 'CREDENTIALS_NOT_IN_HEADER']);
    const inHeader = await off.app.inject({
      method: 'GET',
      url: `${ALIAS}/me/tasks/todo`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(inHeader.statusCode).toBe(200);
  });
});

describe.each(testDialects())('the PKCE switch of a confidential client on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { SEED: 'demo' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const edit = async (headers: Record<string, string>, clientId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/clients/${clientId}`, headers, payload });
  const switchOf = async (clientId: string) =>
    (
      await t.ctx.db
        .selectFrom('oauth_clients')
        .select('allow_no_pkce')
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).allow_no_pkce;

  it('is turned on only by a system administrator, audited, and only for a confidential client', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clients',
      headers: await t.auth('admin'),
      payload: {
        kind: 'confidential',
        clientId: 'pkce-tool',
        name: 'Tool',
        scopes: ['task'],
        redirectUris: [REDIRECT],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    await registerSystemClient(t, { systemId: 'sys-pkce', clientId: 'pkce-bot' });
    const system = await systemTokenFor(t, 'pkce-bot');
    // A member, another member, an app administrator, a system client: 403, nothing changed.
    const refused = [
      await t.auth('zhangsan'),
      await t.auth('lisi'),
      await t.auth('wangwu'),
      { authorization: `Bearer ${system}` },
    ];
    for (const headers of refused) {
      const res = await edit(headers, 'pkce-tool', { allowNoPkce: true });
      expect([res.statusCode, res.json().ecode]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await switchOf('pkce-tool')).toBe(0);

    const on = await edit(await t.auth('admin'), 'pkce-tool', { allowNoPkce: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().entities[0].allowNoPkce).toBe(true);
    expect(await switchOf('pkce-tool')).toBe(1);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_id', '=', 'pkce-tool')
      .where('action', '=', 'client.edit')
      .executeTakeFirstOrThrow();
    expect([JSON.parse(audit.before!).allowNoPkce, JSON.parse(audit.after!).allowNoPkce]).toEqual([false, true]);

    // A system or public client has no such switch.
    const onSystem = await edit(await t.auth('admin'), 'pkce-bot', { allowNoPkce: true });
    expect([onSystem.statusCode, onSystem.json().ecode]).toEqual([409, 'CONFLICT']);
    const publicOne = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clients',
      headers: await t.auth('admin'),
      payload: { kind: 'public', name: 'CLI', scopes: ['task'], redirectUris: [REDIRECT], allowNoPkce: true },
    });
    expect([publicOne.statusCode, publicOne.json().ecode]).toEqual([400, 'VALIDATION_FAILED']);
    // A public client's redirects stay loopback only.
    const https = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clients',
      headers: await t.auth('admin'),
      payload: { kind: 'public', name: 'CLI', scopes: ['task'], redirectUris: ['https://tool.example.edu/cb'] },
    });
    expect(https.statusCode).toBe(400);
  });
});
