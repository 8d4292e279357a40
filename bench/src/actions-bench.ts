import { sql } from 'kysely';

import { openDatabase } from '../../apps/server/src/db/database.ts';
import { withCpu } from './lib/cpu.ts';
import { ISSUE17 } from './lib/targets.ts';
import { signTokens } from './lib/tokens.ts';
import { runLoad, type LoadResult } from './load/run-load.ts';

const PUSH_RESERVE = 80;

export interface ActionsResult extends Partial<LoadResult> {
  status: 'ok' | 'missing' | 'failed' | 'skipped';
  note?: string;
  tasks: number;
  /** Tasks found done afterwards, and the growth of apps.completed (a task handled twice would count twice). */
  verified?: { done: number; completedIncrease: number; exactlyOnce: boolean };
  pass?: boolean | null;
}

/**
 * POST /api/task/{id} on fresh tasks (the generator's `bf…` processes), each task requested exactly once by its
 * assignee; afterwards the database must show every one handled once.
 */
export async function benchActions(o: {
  serverUrl: string;
  databaseUrl: string;
  connections: number;
  count: number;
  dialect: 'sqlite' | 'postgres';
  serverPid?: number;
}): Promise<ActionsResult & { cpuMsPerRequest?: number }> {
  const handle = await openDatabase(o.databaseUrl);
  try {
    const db = handle.db;
    const fresh = await db
      .selectFrom('tasks as t')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .select(['t.id', 'u.account'])
      .where('t.status', '=', 'todo')
      .where('t.id', 'like', 'bf%')
      .orderBy('t.id')
      .limit(o.count + 1 + PUSH_RESERVE)
      .execute();
    // The newest fresh tasks stay for the push benchmark (two rounds of 30), which runs after this one.
    fresh.splice(Math.max(0, fresh.length - PUSH_RESERVE));
    if (fresh.length < 2) return { status: 'skipped', tasks: 0, note: 'no fresh tasks left: run bench:seed --reset' };
    const tokens = await signTokens(o.databaseUrl, o.serverUrl.replace('127.0.0.1', 'localhost'), [
      ...new Set(fresh.map((t) => t.account)),
    ]);
    const completedBefore = await completedSum();

    // The first task doubles as a probe: a 404 here means the route is not there yet.
    const [probe, ...rest] = fresh;
    const answer = await fetch(`${o.serverUrl}/api/task/${probe!.id}`, {
      method: 'POST',
      body: 'actionId=approve',
      headers: {
        authorization: `Bearer ${tokens.get(probe!.account)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    if (!answer.ok) {
      return {
        status: answer.status === 404 ? 'missing' : 'failed',
        tasks: 0,
        note: `${answer.status} ${(await answer.text()).slice(0, 160)}`,
      };
    }
    const result = await withCpu(o.serverPid, () =>
      runLoad({
        url: o.serverUrl,
        connections: o.connections,
        amount: rest.length,
        method: 'POST',
        body: 'actionId=approve',
        items: rest.map((t) => ({ path: `/api/task/${t.id}`, token: tokens.get(t.account) })),
      }),
    );
    const ids = fresh.map((t) => t.id);
    const done = await db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .where('status', '=', 'done')
      .where('action_time', 'is not', null)
      .executeTakeFirstOrThrow();
    const completedIncrease = (await completedSum()) - completedBefore;
    const exactlyOnce = Number(done.n) === ids.length && completedIncrease === ids.length && result.non2xx === 0;
    return {
      status: exactlyOnce ? 'ok' : 'failed',
      tasks: ids.length,
      ...result,
      verified: { done: Number(done.n), completedIncrease, exactlyOnce },
      ...(result.non2xx ? { note: JSON.stringify(result.statusCodes) } : {}),
      pass: o.dialect === 'sqlite' ? exactlyOnce && result.requestsPerSecond >= ISSUE17.actions.perSecond : null,
    };

    async function completedSum(): Promise<number> {
      const r = await sql<{
        n: number | string;
      }>`select coalesce(sum(completed), 0) as n from apps where id like 'bench-app-%'`.execute(db);
      return Number(r.rows[0]!.n);
    }
  } finally {
    await handle.close();
  }
}

/** `count` fresh tasks as load items (path and the assignee's token), for profiling actions (bench/src/profile.ts). */
export async function freshTaskItems(databaseUrl: string, publicUrl: string, count: number) {
  const handle = await openDatabase(databaseUrl);
  try {
    const fresh = await handle.db
      .selectFrom('tasks as t')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .select(['t.id', 'u.account'])
      .where('t.status', '=', 'todo')
      .where('t.id', 'like', 'bf%')
      .orderBy('t.id')
      .limit(count)
      .execute();
    const tokens = await signTokens(databaseUrl, publicUrl, [...new Set(fresh.map((t) => t.account))]);
    return fresh.map((t) => ({ path: `/api/task/${t.id}`, token: tokens.get(t.account) }));
  } finally {
    await handle.close();
  }
}

/** Fresh tasks still open that the action runs may use (the push benchmark's reserve left out). */
export async function freshTasksLeft(databaseUrl: string): Promise<number> {
  const handle = await openDatabase(databaseUrl);
  try {
    const r = await handle.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'todo')
      .where('id', 'like', 'bf%')
      .executeTakeFirstOrThrow();
    return Math.max(0, Number(r.n) - PUSH_RESERVE);
  } finally {
    await handle.close();
  }
}
