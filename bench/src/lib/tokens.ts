import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

import { SCOPE_STRING } from '@service-hall/contracts';

import { loadOrCreateSigningKey } from '../../../apps/server/src/auth/signing-keys.ts';
import { openDatabase } from '../../../apps/server/src/db/database.ts';

/**
 * Access tokens as the embedded IdP issues them (RS256 with the persisted key, issuer …/oidc, audience …/api),
 * signed here so the benchmark measures the API and not the sign-in flow.
 */
export async function signTokens(
  databaseUrl: string,
  publicUrl: string,
  accounts: string[],
): Promise<Map<string, string>> {
  const handle = await openDatabase(databaseUrl);
  try {
    const key = await loadOrCreateSigningKey(handle.db, Math.floor(Date.now() / 1000));
    const tokens = new Map<string, string>();
    for (const account of accounts) {
      tokens.set(
        account,
        await new SignJWT({ scope: SCOPE_STRING, client_id: 'service-hall' })
          .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
          .setSubject(account)
          .setIssuer(`${publicUrl}/oidc`)
          .setAudience(`${publicUrl}/api`)
          .setIssuedAt()
          .setJti(randomBytes(8).toString('hex'))
          .setExpirationTime('1h')
          .sign(key.privateKey),
      );
    }
    return tokens;
  } finally {
    await handle.close();
  }
}
