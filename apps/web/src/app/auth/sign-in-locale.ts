import { setLocale } from '../../i18n/index.ts';

const COOKIE = 'sh_locale';

/**
 * The language chosen on the sign-in page survives sign-in: the embedded IdP (same origin) leaves it in a short-lived
 * cookie, which is read and cleared here once the callback is done.
 */
export async function adoptSignInLocale(cookies: string = document.cookie): Promise<void> {
  const value = cookies
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (value !== 'zh' && value !== 'en') return;
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  await setLocale(value);
}
