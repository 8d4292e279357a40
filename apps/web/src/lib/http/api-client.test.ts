import { describe, expect, it } from 'vitest';

import { initI18n, setLocale } from '../../i18n/index.ts';
import { captureRequests, configureForTests, signInForTests } from '../../test/fake-http.ts';
import { apiForm, apiGet, graphql, toQuery } from './api-client.ts';

configureForTests();
signInForTests();

describe('api client', () => {
  it('drops undefined, null and empty params (docs/product.md §5)', () => {
    expect(toQuery({ keyword: '', timestamps: undefined, limit: 10, start: 0, sep: false, x: null })).toBe(
      '?limit=10&start=0&sep=false',
    );
  });
  it('sends the bearer token and throws the server text when errno ≠ 0 on a 200', async () => {
    const seen = captureRequests({ errno: 7, error: '收藏失败', entities: [] });
    await expect(apiGet('/me/apps')).rejects.toMatchObject({ errno: 7, message: '收藏失败' });
    expect((seen[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(seen[0].url).toBe('/api/me/apps');
  });
  it('posts actions form-encoded with the idempotency key', async () => {
    const seen = captureRequests({ errno: 0, error: '', entities: [] });
    await apiForm('POST', '/task/1', { actionId: 'approve' }, { idempotencyKey: 'k' });
    const h = seen[0].init.headers as Record<string, string>;
    expect(h['Content-Type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(h['Idempotency-Key']).toBe('k');
    expect(seen[0].init.body).toBe('actionId=approve');
  });
  it('asks the task API (GraphQL) in the reader’s language, as it asks REST', async () => {
    // The e2e task-API projects run the journeys in Chinese only (docs/adr/0023-test-suite-time-within-the-ci-budget.md); this is
    // what their English runs added: the lists read through GraphQL ask for English as REST does.
    await initI18n('zh');
    try {
      await setLocale('en');
      const seen = captureRequests({ data: { tasks: { total: 0, list: [] } } });
      await graphql('/graphql', '{ tasks(cate: "todo") { total } }');
      await apiGet('/me/apps').catch(() => undefined);
      const sent = seen.map((r) => (r.init.headers as Record<string, string>)['Accept-Language']);
      expect(sent).toEqual(['en', 'en']);
      expect((seen[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    } finally {
      await setLocale('zh');
    }
  });
});
