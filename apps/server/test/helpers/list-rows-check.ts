import { sql } from 'kysely';
import { expect } from 'vitest';

import type { TestApp } from './test-app.ts';

const copied = [
  'entry',
  'name',
  'uri',
  'tags',
  'status',
  'created_at',
  'updated_at',
  'app_id',
  'system_id',
  'owner_id',
  'definition_code',
  'definition_version',
];

/**
 * Every list row (open tasks, process_participants, cc_records) carries exactly its process's current list columns
 * (closed tasks' copies are not kept: migrations/026-open-task-list-rows.ts), and
 * every participant's "last change" and finished flag follow the process (migrations/023-list-rows.ts). Run at the
 * end of suites that exercise a kind of change (actions, powers, admin cancel and reassign, external systems), it
 * shows the lists read the same as the processes after each of them.
 */
export async function expectListRowsInStep(t: TestApp): Promise<void> {
  const differs = copied.map((c) => `x.p_${c} is distinct from p.${c}`).join(' or ');
  for (const table of ['tasks', 'process_participants', 'cc_records']) {
    const stale = await sql<{ process_id: string }>`select x.process_id from ${sql.table(table)} x
      join processes p on p.id = x.process_id where (${sql.raw(differs)})
      ${sql.raw(table === 'tasks' ? "and x.status = 'todo'" : '')}`.execute(t.ctx.db);
    expect(stale.rows, `${table} rows out of step with their process`).toEqual([]);
  }
  const participants = await sql<{
    process_id: string;
  }>`select x.process_id, x.user_id, x.updated_at, p.updated_at as p_updated, x.finished, p.finished_at, p.status from process_participants x
    join processes p on p.id = x.process_id
    where x.updated_at <> p.updated_at or (p.finished_at is not null and x.finished = 0)`.execute(t.ctx.db);
  expect(
    participants.rows,
    `participants out of step with their process: ${JSON.stringify(participants.rows)}`,
  ).toEqual([]);
  const total = await sql<{ n: number }>`select count(*) as n from process_participants`.execute(t.ctx.db);
  expect(Number(total.rows[0]!.n)).toBeGreaterThan(0);
}
