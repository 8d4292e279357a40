import { HashingBusyError, verifyPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import type { LoginThrottle } from './login-throttle.ts';

export type CredentialResult =
  | { ok: true; account: string }
  | { ok: false; reason: 'bad_credentials' | 'missing' }
  | { ok: false; reason: 'throttled'; retryAfter: number };

/**
 * Checks an account and password. Unknown account, wrong password and a disabled account give the same answer
 * (and take comparable time), so the form does not reveal which accounts exist.
 */
export async function checkCredentials(
  db: Db,
  throttle: LoginThrottle,
  input: { username: string; password: string; ip: string; now: number },
): Promise<CredentialResult> {
  const account = input.username.trim();
  if (!account || !input.password) return { ok: false, reason: 'missing' };
  const wait = await throttle.blockedFor(account, input.ip, input.now);
  if (wait > 0) return { ok: false, reason: 'throttled', retryAfter: wait };
  const user = await db
    .selectFrom('users')
    .select(['account', 'password_hash', 'disabled'])
    .where('account', '=', account)
    .executeTakeFirst();
  let passwordOk: boolean;
  try {
    passwordOk = await verifyPassword(input.password, user?.password_hash ?? null);
  } catch (err) {
    if (err instanceof HashingBusyError) return { ok: false, reason: 'throttled', retryAfter: 5 };
    throw err;
  }
  if (!user || !passwordOk || user.disabled === 1) {
    await throttle.recordFailure(account, input.ip, input.now);
    return { ok: false, reason: 'bad_credentials' };
  }
  await throttle.recordSuccess(account, input.ip);
  return { ok: true, account: user.account };
}
