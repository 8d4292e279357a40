import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

import type { Db } from '../db/database.ts';
import { literalLimit } from '../db/literal-limit.ts';

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

/**
 * The embedded IdP's RS256 signing key: generated once, persisted in signing_keys, so tokens stay valid across
 * restarts and across instances sharing a database. Concurrent first starts converge on the oldest row.
 */
export async function loadOrCreateSigningKey(db: Db, now: number): Promise<SigningKey> {
  const existing = await oldestKey(db);
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = `k${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await db
    .insertInto('signing_keys')
    .values({ kid, jwk: JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' }), created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await oldestKey(db))!;
}

async function oldestKey(db: Db): Promise<SigningKey | null> {
  const row = await db
    .selectFrom('signing_keys')
    .selectAll()
    .orderBy('created_at')
    .orderBy('kid')
    .limit(literalLimit(1))
    .executeTakeFirst();
  if (!row) return null;
  const privateJwk = JSON.parse(row.jwk) as JWK;
  const { d, p, q, dp, dq, qi, ...publicJwk } = privateJwk;
  void d;
  void p;
  void q;
  void dp;
  void dq;
  void qi;
  const privateKey = (await importJWK(privateJwk, 'RS256')) as CryptoKey;
  return { kid: row.kid, privateJwk, publicJwk, privateKey };
}
