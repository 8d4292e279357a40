import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@service-hall/contracts';
import { apiForm, apiGet, setHttpDeps, toQuery } from './api-client.ts';
import { setRuntimeConfig } from './runtime-config.ts';
import { setAuthSession } from './auth-session.ts';

setRuntimeConfig({ basePath: '/', apiBase: '/api', taskCentreBase: '' } as RuntimeConfig);
setAuthSession({ getAccessToken: () => 'tok', isSignedIn: () => true, signIn: async () => {}, signOut: async () => {} });

function capture(body: unknown, status = 200) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  setHttpDeps({
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof fetch,
    sleep: async () => {},
  });
  return seen;
}

describe('api client', () => {
  it('drops undefined, null and empty params (spec §5)', () => {
    expect(toQuery({ keyword: '', timestamps: undefined, limit: 10, start: 0, sep: false, x: null })).toBe('?limit=10&start=0&sep=false');
  });
  it('sends the bearer token and throws the server text when errno ≠ 0 on a 200', async () => {
    const seen = capture({ errno: 7, error: '收藏失败', entities: [] });
    await expect(apiGet('/me/apps')).rejects.toMatchObject({ errno: 7, message: '收藏失败' });
    expect((seen[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(seen[0].url).toBe('/api/me/apps');
  });
  it('posts actions form-encoded with the idempotency key', async () => {
    const seen = capture({ errno: 0, error: '', entities: [] });
    await apiForm('POST', '/task/1', { actionId: 'approve' }, { idempotencyKey: 'k' });
    const h = seen[0].init.headers as Record<string, string>;
    expect(h['Content-Type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(h['Idempotency-Key']).toBe('k');
    expect(seen[0].init.body).toBe('actionId=approve');
  });
});
