import type { Adapter, AdapterPayload } from 'oidc-provider';

import type { Db } from '../db/database.ts';

/**
 * oidc-provider storage on our database (table oidc_store): sessions, interactions, codes, refresh tokens, grants.
 * Kept in SQL rather than memory so sign-ins survive restarts and work across instances sharing a database.
 */
export function kyselyAdapter(db: Db, now: () => number): new (model: string) => Adapter {
  return class KyselyAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        consumed_at: null,
        expires_at: expiresIn ? now() + expiresIn : null,
      };
      await db
        .insertInto('oidc_store')
        .values({ model: this.model, id, ...row })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.findBy('id', id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_store')
        .set({ consumed_at: now() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_store').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_store').where('grant_id', '=', grantId).execute();
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_store')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
    }
  };
}

/** Deletes expired rows; run at start so the table does not grow without bound. */
export async function pruneOidcStore(db: Db, now: number): Promise<void> {
  await db.deleteFrom('oidc_store').where('expires_at', '<=', now).execute();
}
