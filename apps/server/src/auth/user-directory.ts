import { randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { AppContext } from '../platform/context.ts';

/** The part of a user row authentication needs. */
export interface KnownUser {
  id: string;
  account: string;
  name: string;
  email: string;
  roles: string[];
  disabled: boolean;
}

export interface UserDirectory {
  /** The user of an account, provisioned from token claims when `provision` is set; null when unknown. */
  byAccount(account: string, claims: JWTPayload, provision: boolean): Promise<KnownUser | null>;
  /** Forgets a cached account (after a change such as disabling it). */
  forget(account: string): void;
}

// Short enough that a disabled account loses access within seconds, long enough to spare the database on bursts.
const CACHE_SECONDS = 15;
const CACHE_MAX = 10_000;

/** Looks users up by account with a brief in-memory cache; provisions first-time users of an external IdP. */
export function createUserDirectory(ctx: AppContext): UserDirectory {
  const cache = new Map<string, { user: KnownUser | null; until: number }>();
  const load = async (account: string) => {
    const row = await ctx.db.selectFrom('users')
      .select(['id', 'account', 'name', 'email', 'roles', 'disabled'])
      .where('account', '=', account).executeTakeFirst();
    return row ? { ...row, roles: row.roles.split(',').filter(Boolean), disabled: row.disabled === 1 } : null;
  };
  return {
    async byAccount(account, claims, provision) {
      const now = Date.now() / 1000;
      const hit = cache.get(account);
      if (hit && hit.until > now && (hit.user || !provision)) return hit.user;
      let user = await load(account);
      if (!user && provision) user = await provisionUser(ctx, account, claims).then(() => load(account));
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(account, { user, until: now + CACHE_SECONDS });
      return user;
    },
    forget: (account) => void cache.delete(account),
  };
}

async function provisionUser(ctx: AppContext, account: string, claims: JWTPayload): Promise<void> {
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : fallback);
  const enterpriseId = await defaultEnterprise(ctx);
  const now = ctx.now();
  const name = str(claims.name, str(claims.preferred_username, account));
  await ctx.db.insertInto('users')
    .values({
      id: `u-${randomUUID()}`, account, name, name_en: name, email: str(claims.email, ''),
      department_id: null, enterprise_id: enterpriseId,
      // ADMIN_ACCOUNTS: the institution's administrators become administrators here on their first sign-in.
      roles: ctx.config.adminAccounts.includes(account) ? 'admin' : '', password_hash: null, disabled: 0,
      created_at: now, updated_at: now,
    })
    // Two first requests of one user may race; the account is unique, so the loser simply reads the winner's row.
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
}

/** The enterprise new users join: the first one, or a default one created when there is none (an empty database). */
export async function defaultEnterprise(ctx: AppContext): Promise<string> {
  const row = await ctx.db.selectFrom('enterprises').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (row) return row.id;
  await ctx.db.insertInto('enterprises').values({ id: 'default', name: '本单位', name_en: 'Our institution' })
    .onConflict((oc) => oc.doNothing()).execute();
  return 'default';
}
