import { createHmac, randomBytes } from 'node:crypto';

/** How long after a rotation deliveries still carry a signature made with the previous secret. */
export const PREVIOUS_SECRET_GRACE_SECONDS = 24 * 3600;

/** A new callback secret: 32 random bytes, base64url (what the system keeps to verify deliveries). */
export const newCallbackSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** HMAC-SHA256 of `timestamp + "." + body` with the secret, hex (docs/integration.md, "Callbacks"). */
export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The X-ServiceHall-Signature header: `v1=<hex>` with the current secret, and during the grace period after a
 * rotation a second `v1=` with the previous one, so a system that has not switched yet still verifies.
 */
export function signatureHeader(
  secrets: { current: string; previous: string | null; rotatedAt: number | null },
  timestamp: number,
  body: string,
): string {
  const parts = [`v1=${sign(secrets.current, timestamp, body)}`];
  if (secrets.previous && secrets.rotatedAt !== null && timestamp < secrets.rotatedAt + PREVIOUS_SECRET_GRACE_SECONDS) {
    parts.push(`v1=${sign(secrets.previous, timestamp, body)}`);
  }
  return parts.join(',');
}
