import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, testDialects, type TestApp } from './helpers/test-app.ts';
import { hashClientSecret } from '../src/auth/client-secret.ts';

/** A system client's client_credentials token at the embedded IdP, and the API accepting it as that system. */
describe.each(testDialects())('system client tokens on %s', (dialect) => {
  let t: TestApp;
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const tokenRequest = (id: string, secret: string, scope: string) => t.app.inject({
    method: 'POST', url: '/oidc/token',
    headers: { authorization: basic(id, secret), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const now = t.ctx.now();
    await t.ctx.db.insertInto('systems').values({ id: 'finance', name: '财务系统', name_en: 'Finance', base_url: 'https://finance.example.edu', secret_hash: null }).execute();
    await t.ctx.db.insertInto('oauth_clients').values({
      id: 'finance-bot', name: 'Finance bot', kind: 'system', system_id: 'finance', secret_hash: hashClientSecret('s3cret'),
      secret_rotated_at: now, scopes: 'task process process_edit', redirect_uris: '[]', enabled: 1, created_at: now, updated_at: now,
    }).execute();
  });
  afterAll(async () => { await t.close(); });

  it('issues a JWT access token for the API and the API knows the caller as the system', async () => {
    const res = await tokenRequest('finance-bot', 's3cret', 'task process');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ access_token: string; scope: string }>();
    expect(body.scope).toBe('task process');
    const claims = decodeJwt(body.access_token);
    expect(claims.client_id).toBe('finance-bot');
    expect(claims.sub).toBe('finance-bot');
    const todo = await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(todo.statusCode, todo.body).toBe(200);
  });

  it('refuses a wrong secret, an unknown client and a scope the client is not allowed', async () => {
    expect((await tokenRequest('finance-bot', 'wrong', 'task')).json()).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest('nobody', 's3cret', 'task')).json()).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest('finance-bot', 's3cret', 'task entrust')).json()).toMatchObject({ error: 'invalid_scope' });
  });
});
