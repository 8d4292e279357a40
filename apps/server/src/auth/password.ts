import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const rawScrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

/**
 * scrypt runs on libuv's thread pool (4 threads), which file writes and the WAL flush share: 120 concurrent
 * sign-ins used to hold every thread and delay other users' writes by seconds. At most two
 * hashes run at once, so two threads stay free; beyond 200 waiting, a check is refused as busy.
 */
export const HASHING_LIMITS = { concurrent: 2, queued: 200 } as const;

/** Thrown when too many password checks are already waiting. */
export class HashingBusyError extends Error {}

let active = 0;
let peak = 0;
const waiting: Array<() => void> = [];

/** How many hashes run now and the most that ever ran at once (tests read it). */
export const hashingStats = () => ({ active, peak, waiting: waiting.length });

async function scrypt(password: string, salt: Buffer, length: number): Promise<Buffer> {
  if (active >= HASHING_LIMITS.concurrent) {
    if (waiting.length >= HASHING_LIMITS.queued) throw new HashingBusyError('password hashing is busy');
    // The slot is handed over by the hash that finishes (active stays as it is), so none can slip in between.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    active += 1;
  }
  peak = Math.max(peak, active);
  try {
    return await rawScrypt(password, salt, length);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }
}

/** Hashes a password with scrypt and a random salt: "scrypt$<salt b64>$<hash b64>". */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Constant-time check of a password against a stored hash; false for a malformed or missing hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, saltB64, hashB64] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) {
    // Burn comparable time so a missing account is not distinguishable by timing.
    await scrypt(password, Buffer.alloc(16), 32);
    return false;
  }
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
