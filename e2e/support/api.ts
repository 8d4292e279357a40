import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The access token the signed-in SPA holds (code flow: oidc-client-ts's localStorage entry). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
    }
    return '';
  });
  expect(token, 'the signed-in page holds an access token').not.toBe('');
  return token;
}

/** Starts a leave request through the real API as the token's user; returns the process detail. */
export async function startLeave(request: APIRequestContext, token: string, reason: string) {
  const data = { leaveType: 'personal', startDate: '2026-12-01', endDate: '2026-12-02', days: 2, reason };
  const res = await request.put('/api/process', {
    headers: { authorization: `Bearer ${token}` },
    form: { code: 'leave', data: JSON.stringify(data) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).entities[0] as { id: string; entry: string; tasks: Array<{ id: string; status: string }> };
}
