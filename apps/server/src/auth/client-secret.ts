import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * System client secrets. A secret is 32 random bytes (base64url), so a plain SHA-256 of it cannot be guessed back
 * the way a password could: no slow hash (scrypt, auth/password.ts) is needed, and a token request costs no thread
 * pool time. Only the hash is stored (`sha256:<hex>`); the secret is shown once, when created or rotated.
 */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashClientSecret(secret) };
}

export function hashClientSecret(secret: string): string {
  return `sha256:${createHash('sha256').update(secret, 'utf8').digest('hex')}`;
}

/** Whether `presented` is the secret of `storedHash`, in constant time. */
export function clientSecretMatches(storedHash: string | null | undefined, presented: unknown): boolean {
  if (typeof storedHash !== 'string' || !storedHash.startsWith('sha256:') || typeof presented !== 'string')
    return false;
  const expected = Buffer.from(storedHash);
  const actual = Buffer.from(hashClientSecret(presented));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
