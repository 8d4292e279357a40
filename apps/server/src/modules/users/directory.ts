import type { Directory } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';

interface Cached {
  version: number;
  directory: Promise<Directory>;
}

// One Directory per database handle (an instance has one; tests open many), rebuilt only when users or departments
// changed. Keyed weakly so a closed test database takes its Directory with it.
const cache = new WeakMap<Db, Cached>();

/**
 * The engine's synchronous Directory over the users and departments tables. The engine is pure, so every lookup it
 * may need is preloaded; an institution has tens of thousands of users at most, which fits in memory. Building it
 * reads every user, so it is built once and reused while `directory_version` (kept by database triggers on any
 * change the Directory reads, from any instance or from outside — migrations/002) stays the same: each call costs
 * one single-row read.
 */
export async function loadDirectory(db: Db, knownVersion?: number): Promise<Directory> {
  // `knownVersion`: the caller read directory_version in a query of its own (a task action reads it with the task).
  const version =
    knownVersion ??
    Number(
      (await db.selectFrom('directory_version').select('version').where('id', '=', 1).executeTakeFirst())?.version ??
        -1,
    );
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit.directory;
  const directory = buildDirectory(db);
  cache.set(db, { version, directory });
  // A failed build must not stay cached.
  directory.catch(() => {
    if (cache.get(db)?.directory === directory) cache.delete(db);
  });
  return directory;
}

async function buildDirectory(db: Db): Promise<Directory> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'account', 'roles', 'department_id'])
    .where('disabled', '=', 0)
    .orderBy('account')
    .execute();
  const heads = await db.selectFrom('departments').select(['id', 'head_user_id']).execute();
  const byAccount = new Map<string, string>();
  const departmentOf = new Map<string, string | null>();
  // Role members in account order, as the engine's "directory order".
  const withRole = new Map<string, string[]>();
  for (const u of users) {
    byAccount.set(u.account, u.id);
    departmentOf.set(u.id, u.department_id);
    for (const role of new Set(
      u.roles
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    )) {
      const members = withRole.get(role);
      if (members) members.push(u.id);
      else withRole.set(role, [u.id]);
    }
  }
  const headOf = new Map(heads.map((d) => [d.id, d.head_user_id]));
  return {
    userIdByAccount: (account) => byAccount.get(account) ?? null,
    userIdsWithRole: (role) => [...(withRole.get(role) ?? [])],
    departmentHeadOf(userId) {
      const dept = departmentOf.get(userId);
      const head = dept ? (headOf.get(dept) ?? null) : null;
      // A disabled head cannot approve anything (only active users are in departmentOf); the engine then reports
      // NO_ASSIGNEE.
      return head && departmentOf.has(head) ? head : null;
    },
  };
}
