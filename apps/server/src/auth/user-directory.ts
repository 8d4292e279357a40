import { randomUUID } from 'node:crypto';

import { literalLimit } from '../db/literal-limit.ts';
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

/** What an institution's IdP (token claims, userinfo, CAS attributes) says about a member seen for the first time. */
export interface NewMember {
  name?: string;
  email?: string;
  /** A department's id, Chinese or English name; unknown values leave the member without a department. */
  department?: string;
  roles?: string[];
}

export interface UserDirectory {
  /**
   * The user of an account; when unknown and `provision` is given, the member it describes is created first (an
   * external IdP owns the member list). Null when unknown.
   */
  byAccount(account: string, provision?: (() => Promise<NewMember>) | null): Promise<KnownUser | null>;
  /**
   * What byAccount would answer from its cache, at once (no promise): the user, null for an account known to be
   * unknown, undefined when byAccount must ask the database (or, `provisioning`, create the member).
   */
  cached(account: string, provisioning: boolean): KnownUser | null | undefined;
  /** Replaces a user's roles with what the IdP grants now (OIDC_ROLES_CLAIM); a no-op when they are the same. */
  syncRoles(user: KnownUser, roles: string[]): Promise<KnownUser>;
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
    const row = await ctx.db
      .selectFrom('users')
      .select(['id', 'account', 'name', 'email', 'roles', 'disabled'])
      .where('account', '=', account)
      .executeTakeFirst();
    return row ? { ...row, roles: row.roles.split(',').filter(Boolean), disabled: row.disabled === 1 } : null;
  };
  const remember = (account: string, user: KnownUser | null) => {
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(account, { user, until: Date.now() / 1000 + CACHE_SECONDS });
  };
  const cached = (account: string, provisioning: boolean) => {
    const hit = cache.get(account);
    return hit && hit.until > Date.now() / 1000 && (hit.user || !provisioning) ? hit.user : undefined;
  };
  return {
    cached,
    async byAccount(account, provision) {
      const hit = cached(account, Boolean(provision));
      if (hit !== undefined) return hit;
      let user = await load(account);
      if (!user && provision) user = await provisionUser(ctx, account, await provision()).then(() => load(account));
      remember(account, user);
      return user;
    },
    async syncRoles(user, roles) {
      if (roles.length === user.roles.length && roles.every((r) => user.roles.includes(r))) return user;
      await ctx.db
        .updateTable('users')
        .set({ roles: roles.join(','), updated_at: ctx.now() })
        .where('id', '=', user.id)
        .execute();
      const updated = { ...user, roles };
      remember(user.account, updated);
      return updated;
    },
    forget: (account) => void cache.delete(account),
  };
}

/** Creates the member an institution's IdP vouches for (no password: they always sign in there). */
export async function provisionUser(ctx: AppContext, account: string, member: NewMember): Promise<void> {
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : fallback);
  const enterpriseId = await defaultEnterprise(ctx);
  const now = ctx.now();
  const name = str(member.name, account);
  await ctx.db
    .insertInto('users')
    .values({
      id: `u-${randomUUID()}`,
      account,
      name,
      name_en: name,
      email: str(member.email, ''),
      department_id: member.department ? await departmentId(ctx, member.department.trim()) : null,
      enterprise_id: enterpriseId,
      roles: withConfiguredAdmin(ctx, account, member.roles ?? []).join(','),
      password_hash: null,
      disabled: 0,
      created_at: now,
      updated_at: now,
    })
    // Two first requests of one user may race; the account is unique, so the loser simply reads the winner's row.
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
}

/** The department an IdP names by id, Chinese or English name; null when the portal has no such department. */
async function departmentId(ctx: AppContext, department: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('departments')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', department), eb('name', '=', department), eb('name_en', '=', department)]))
    .orderBy('id')
    .limit(literalLimit(1))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** ADMIN_ACCOUNTS: the institution's administrators are administrators here whatever their IdP's roles say. */
export function withConfiguredAdmin(ctx: AppContext, account: string, roles: string[]): string[] {
  return ctx.config.adminAccounts.includes(account) && !roles.includes('admin') ? [...roles, 'admin'].sort() : roles;
}

/** The enterprise new users join: the first one, or a default one created when there is none (an empty database). */
export async function defaultEnterprise(ctx: AppContext): Promise<string> {
  const row = await ctx.db
    .selectFrom('enterprises')
    .select('id')
    .orderBy('id')
    .limit(literalLimit(1))
    .executeTakeFirst();
  if (row) return row.id;
  await ctx.db
    .insertInto('enterprises')
    .values({ id: 'default', name: '本单位', name_en: 'Our institution' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return 'default';
}
