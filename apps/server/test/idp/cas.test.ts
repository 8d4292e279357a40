import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CasRejected, parseValidation } from '../../src/idp/cas-ticket.ts';
import { authorizeUrl, OidcBrowser, pkce, REDIRECT_URI } from '../helpers/oidc-browser.ts';
import { createTestApp, httpLayerDialects, type TestApp } from '../helpers/test-app.ts';

interface CasUser {
  user: string;
  attributes: Record<string, string | string[]>;
}

/**
 * A small CAS 3.0 server over real HTTP. `/cas/login?service=…` stands in for the institution's login form: it signs
 * in whoever `next` names and redirects to the service with a one-time ticket. `/cas/p3/serviceValidate` answers as
 * Apereo CAS does, with attributes; a ticket is valid once and only for the service it was issued to.
 */
async function casServer() {
  const tickets = new Map<string, { service: string; who: CasUser }>();
  const validations: string[] = [];
  let next: CasUser | null = null;
  let oversize = false;
  const sent: Array<{ bytes: number; finished: boolean }> = [];
  /** The answer with 32 MB of attribute values before its end, sent as fast as it is read. */
  const pad = async (res: http.ServerResponse, body: string) => {
    const record = { bytes: 0, finished: false };
    sent.push(record);
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const cut = body.indexOf('</cas:attributes>');
    const write = async (chunk: string) => {
      record.bytes += Buffer.byteLength(chunk);
      if (res.write(chunk)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    };
    await write(body.slice(0, cut));
    const attribute = `<cas:memberOf>${'g'.repeat(64 * 1024)}</cas:memberOf>`;
    while (!closed && record.bytes < 32 * 1024 * 1024) await write(attribute);
    if (closed) return;
    record.finished = true;
    res.end(body.slice(cut));
  };
  const xml = (body: string) =>
    `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${body}</cas:serviceResponse>`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://cas');
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/cas/login' && next) {
      const ticket = `ST-${randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { service, who: next });
      res.writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` }).end();
    } else if (url.pathname === '/cas/p3/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      validations.push(ticket);
      const issued = tickets.get(ticket);
      tickets.delete(ticket);
      res.setHeader('content-type', 'application/xml; charset=utf-8');
      if (!issued || issued.service !== service) {
        res.end(
          xml(
            `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure>`,
          ),
        );
        return;
      }
      const attrs = Object.entries(issued.who.attributes)
        .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `<cas:${k}>${x}</cas:${k}>`))
        .join('');
      const body = xml(
        `<cas:authenticationSuccess><cas:user>${issued.who.user}</cas:user><cas:attributes>${attrs}</cas:attributes></cas:authenticationSuccess>`,
      );
      if (oversize) return void pad(res, body);
      res.end(body);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;
  return {
    url,
    validations,
    sent,
    signInAs(who: CasUser) {
      next = who;
    },
    /** Whether validations answer 32 MB (as a CAS releasing without end would). */
    oversized(on: boolean) {
      oversize = on;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

describe.each(httpLayerDialects())("sign-in through the institution's CAS on %s", (dialect) => {
  let t: TestApp;
  let cas: Awaited<ReturnType<typeof casServer>>;
  beforeAll(async () => {
    cas = await casServer();
    t = await createTestApp({
      dialect,
      env: { CAS_URL: cas.url, CAS_ATTRIBUTES: 'name=xm|displayName,department=yxmc' },
    });
  });
  afterAll(async () => {
    await t.close();
    await cas.close();
  });

  /** Portal → embedded IdP → CAS login (real HTTP) → back with a ticket; returns the IdP's answer to that. */
  async function throughCas(challenge: string) {
    const browser = new OidcBrowser(t.app);
    const toCas = await browser.follow(
      await browser.request(
        'GET',
        authorizeUrl({
          response_type: 'code',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
      ),
    );
    expect(toCas.statusCode).toBe(303);
    const login = new URL(String(toCas.headers.location));
    expect(`${login.origin}${login.pathname}`).toBe(`${cas.url}/login`);
    const service = login.searchParams.get('service')!;
    expect(service).toMatch(/^http:\/\/localhost:8080\/oidc\/interaction\/[\w-]+\/cas$/);
    const back = await fetch(login, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const ticketed = new URL(back.headers.get('location')!);
    return { browser, answer: await browser.request('GET', ticketed.pathname + ticketed.search), ticketed };
  }

  it('signs a campus member in through CAS and provisions them from the released attributes', async () => {
    cas.signInAs({
      user: '2024001',
      attributes: { xm: '孙同学', mail: 'sun@uni.edu.cn', yxmc: '计算机学院', memberOf: ['a', 'b'] },
    });
    const { verifier, challenge } = pkce();
    const { browser, answer } = await throughCas(challenge);
    const done = await browser.follow(answer);
    expect(done.statusCode).toBe(303);
    const callback = new URL(String(done.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    const token = await browser.request('POST', '/oidc/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: 'service-hall',
      code_verifier: verifier,
    });
    expect(token.statusCode, token.body).toBe(200);
    const access = token.json().access_token as string;
    expect(decodeJwt(access).sub).toBe('2024001');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(profile.json().entities[0]).toMatchObject({
      account: '2024001',
      name: '孙同学',
      email: 'sun@uni.edu.cn',
      department: '计算机学院',
    });
  });

  it('signs an existing account in without touching it', async () => {
    cas.signInAs({ user: 'lisi', attributes: { xm: '别的名字' } });
    const { browser, answer } = await throughCas(pkce().challenge);
    expect(answer.statusCode).toBe(303);
    const done = await browser.follow(answer);
    expect(String(done.headers.location)).toContain('code=');
    const row = await t.ctx.db
      .selectFrom('users')
      .select('name')
      .where('account', '=', 'lisi')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('李四');
  });

  it('refuses a replayed or forged ticket with a page leading back to the portal', async () => {
    cas.signInAs({ user: 'zhangsan', attributes: {} });
    const { browser, answer, ticketed } = await throughCas(pkce().challenge);
    expect(answer.statusCode).toBe(303);
    const replay = await browser.request(
      'GET',
      ticketed.pathname + ticketed.search.replace(/ticket=[^&]+/, 'ticket=ST-forged-1'),
    );
    expect([303, 401]).toContain(replay.statusCode);
    const fresh = new OidcBrowser(t.app);
    const toCas = await fresh.follow(
      await fresh.request(
        'GET',
        authorizeUrl({
          response_type: 'code',
          ...(() => {
            const p = pkce();
            return { code_challenge: p.challenge, code_challenge_method: 'S256' };
          })(),
        }),
      ),
    );
    const service = new URL(String(toCas.headers.location)).searchParams.get('service')!;
    const forged = await fresh.request('GET', `${new URL(service).pathname}?ticket=ST-not-issued`, undefined, {
      'accept-language': 'en',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toMatch(/text\/html/);
    expect(forged.body).toContain('INVALID_TICKET');
    expect(forged.body).toContain('could not confirm who you are');
    expect(cas.validations).toContain('ST-not-issued');
  });

  it('never makes two long principals sharing their first 100 characters one account', async () => {
    const prefix = `cn=${'x'.repeat(95)}-`;
    expect(prefix).toHaveLength(99);
    const users = async () =>
      (await t.ctx.db.selectFrom('users').select('account').where('account', 'like', `${prefix}%`).execute())
        .map((u) => u.account)
        .sort();
    // Exactly as long as an account may be: signed in and provisioned under its whole name.
    cas.signInAs({ user: `${prefix}0`, attributes: { xm: '长账号' } });
    const fits = await throughCas(pkce().challenge);
    expect(fits.answer.statusCode).toBe(303);
    expect(String((await fits.browser.follow(fits.answer)).headers.location)).toContain('code=');
    expect(await users()).toEqual([`${prefix}0`]);
    // Longer: refused with a page saying why, before any account is looked up or made; never cut to the one above.
    for (const user of [`${prefix}0-staff`, `${prefix}0-student`]) {
      cas.signInAs({ user, attributes: { xm: '另一个人' } });
      const { answer } = await throughCas(pkce().challenge);
      expect(answer.statusCode, user).toBe(403);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.body).toContain('ACCOUNT_TOO_LONG');
      expect(answer.body).toContain('账号超过 100 个字符');
    }
    expect(await users()).toEqual([`${prefix}0`]);
    const profile = await t.ctx.db
      .selectFrom('users')
      .select('name')
      .where('account', '=', `${prefix}0`)
      .executeTakeFirstOrThrow();
    expect(profile.name).toBe('长账号');
  });

  it('answers a validation larger than 1 MB with the unavailable page, having read at most that, and stays up', async () => {
    cas.signInAs({ user: 'zhangsan', attributes: { xm: '张三' } });
    cas.oversized(true);
    try {
      const { answer } = await throughCas(pkce().challenge);
      expect(answer.statusCode).toBe(502);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.body).toContain('CAS_UNAVAILABLE');
    } finally {
      cas.oversized(false);
    }
    const [sent] = cas.sent;
    expect(sent!.finished).toBe(false);
    // The cap and what the kernel's socket buffers took on loopback before the connection closed.
    expect(sent!.bytes).toBeLessThan(16 * 1024 * 1024);
    const { answer } = await throughCas(pkce().challenge);
    expect(answer.statusCode).toBe(303);
  });

  it('shows no password form and checks no password while CAS is on', async () => {
    const browser = new OidcBrowser(t.app);
    const toCas = await browser.follow(
      await browser.request(
        'GET',
        authorizeUrl({ response_type: 'code', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      ),
    );
    const service = new URL(new URL(String(toCas.headers.location)).searchParams.get('service')!);
    const post = await browser.request('POST', service.pathname.replace(/\/cas$/, '/login'), {
      username: 'zhangsan',
      password: 'demo123',
    });
    expect(post.statusCode).toBe(303);
    expect(String(post.headers.location)).toMatch(/\/oidc\/interaction\/[\w-]+$/);
  });
});

describe('reading a CAS validation response', () => {
  it('keeps accounts and attributes as text and lists repeated attributes', () => {
    const p = parseValidation(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess>
      <cas:user> 00123 </cas:user><cas:attributes><cas:mail>a@b.cn</cas:mail><cas:memberOf>x</cas:memberOf>
      <cas:memberOf>y</cas:memberOf><cas:empty></cas:empty></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`);
    expect(p).toEqual({ user: '00123', attributes: { mail: ['a@b.cn'], memberOf: ['x', 'y'] } });
  });

  it('refuses failures, empty users and documents that are not CAS responses', () => {
    const code = (xml: string) => {
      try {
        parseValidation(xml);
        return 'accepted';
      } catch (e) {
        return (e as CasRejected).code;
      }
    };
    expect(
      code(
        '<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure code="INVALID_SERVICE">no</cas:authenticationFailure></cas:serviceResponse>',
      ),
    ).toBe('INVALID_SERVICE');
    expect(
      code(
        '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user></cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      ),
    ).toBe('INVALID_RESPONSE');
    expect(code('<html><body>CAS is down</body></html>')).toBe('INVALID_RESPONSE');
    // An external entity is never fetched: the file's contents cannot become the account.
    let user = '';
    try {
      user = parseValidation(
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>&e;</cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      ).user;
    } catch {
      /* refused is fine too */
    }
    expect(user).not.toContain('root:');
  });
});
