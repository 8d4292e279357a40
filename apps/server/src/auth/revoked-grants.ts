import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../db/database.ts';

/** How often every instance reads grants revoked elsewhere: the bound on "within seconds". */
export const REVOCATION_POLL_MS = 2000;
/** How long a revoked grant is remembered: longer than any access token issued under it lives (15 minutes). */
export const REVOCATION_KEEP_SECONDS = 3600;

/**
 * The denylist of ended sign-in grants. A logout on any instance writes the grant id to the
 * database; every instance keeps the ids in memory and reads new ones every two seconds, so the bearer check stays
 * a Set lookup. Keyed on the grant id inside the verified token, never on the token's text: the last base64url
 * character of a signature can change without changing the signature, so a token has several spellings.
 */
export interface RevokedGrants {
  revoke(grantId: string, now: number): Promise<void>;
  isRevoked(grantId: string | undefined): boolean;
  /** Reads grants revoked since the last read (called by the timer; tests call it to skip the wait). */
  refresh(now: number): Promise<void>;
  close(): void;
}

/** Starts the denylist and its polling timer. */
export function createRevokedGrants(db: Db, log: FastifyBaseLogger, clock: () => number): RevokedGrants {
  const revoked = new Map<string, number>();
  let since = 0;
  const remember = (rows: Array<{ grant_id: string; expires_at: number; revoked_at: number }>) => {
    for (const r of rows) {
      revoked.set(r.grant_id, Number(r.expires_at));
      since = Math.max(since, Number(r.revoked_at));
    }
  };
  const self: RevokedGrants = {
    async revoke(grantId, now) {
      const row = { grant_id: grantId, revoked_at: now, expires_at: now + REVOCATION_KEEP_SECONDS };
      await db
        .insertInto('revoked_grants')
        .values(row)
        .onConflict((oc) => oc.column('grant_id').doNothing())
        .execute();
      remember([row]);
    },
    isRevoked: (grantId) => grantId !== undefined && revoked.has(grantId),
    async refresh(now) {
      // A second's overlap: rows committed by another instance within the same second as the last one seen.
      remember(
        await db
          .selectFrom('revoked_grants')
          .select(['grant_id', 'revoked_at', 'expires_at'])
          .where('revoked_at', '>=', since - 1)
          .where('expires_at', '>', now)
          .execute(),
      );
      for (const [id, expires] of revoked) if (expires <= now) revoked.delete(id);
    },
    close: () => clearInterval(timer),
  };
  let pruned = 0;
  const timer = setInterval(() => {
    const now = clock();
    void self
      .refresh(now)
      .then(async () => {
        if (now - pruned < 600) return;
        pruned = now;
        await db.deleteFrom('revoked_grants').where('expires_at', '<=', now).execute();
      })
      .catch((err: unknown) => log.warn({ err }, 'reading revoked grants failed'));
  }, REVOCATION_POLL_MS);
  timer.unref();
  return self;
}
