import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n, setLocale } from '../../i18n/index.ts';
import { ApiError, errorText } from './api-error.ts';

describe('errorText', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });

  it('never shows raw English technical text in the Chinese UI', async () => {
    await setLocale('zh');
    expect(errorText(new ApiError({ status: 0, errno: -1, ecode: 'NETWORK', message: 'Failed to fetch' }))).toMatch(
      /网络/,
    );
    expect(errorText(new TypeError('Failed to fetch'))).toMatch(/网络/);
    expect(errorText(new ApiError({ status: 500, errno: 500, message: 'Internal Server Error' }))).toMatch(
      /服务暂时不可用/,
    );
    expect(errorText(new ApiError({ status: 502, errno: 502, message: '<html>Bad Gateway</html>' }))).not.toMatch(
      /Bad Gateway/,
    );
  });

  it("keeps our server's own message, which is already in the user's language", async () => {
    await setLocale('zh');
    expect(errorText(new ApiError({ status: 409, errno: 409, ecode: 'CONFLICT', message: '该事项已被处理' }))).toBe(
      '该事项已被处理',
    );
  });

  it('speaks English in the English UI', async () => {
    await setLocale('en');
    expect(errorText(new TypeError('Failed to fetch'))).toMatch(/network/i);
    await setLocale('zh');
  });
});
