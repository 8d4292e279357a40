import type { Kysely } from 'kysely';

/**
 * External items. A system's processes, tasks and copies live in the same tables as ours
 * (processes, tasks, cc_records, process_participants), so every list, count and keyword search stays the one index
 * range it is today and the per-user list rows cover them unchanged. What is new is the system's own id
 * of each item, unique per system (one system can never address another's item), the callback of an actionable
 * task, the system's callback secret, and one row per callback delivery (the idempotency key sent to the system).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('processes').addColumn('external_id', 'text').execute();
  // NULLs are distinct in a unique index on both databases: our own processes never collide.
  await db.schema
    .createIndex('processes_system_external')
    .on('processes')
    .columns(['system_id', 'external_id'])
    .unique()
    .execute();

  await db.schema.alterTable('tasks').addColumn('system_id', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('external_id', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('callback_url', 'text').execute();
  await db.schema
    .createIndex('tasks_system_external')
    .on('tasks')
    .columns(['system_id', 'external_id'])
    .unique()
    .execute();

  // The secret callbacks are signed with (HMAC needs it in clear); the previous one signs too for a day after a
  // rotation, so a system can switch over without refusing deliveries.
  await db.schema.alterTable('systems').addColumn('callback_secret', 'text').execute();
  await db.schema.alterTable('systems').addColumn('callback_secret_previous', 'text').execute();
  await db.schema.alterTable('systems').addColumn('callback_secret_rotated_at', 'bigint').execute();

  await db.schema
    .createTable('callback_deliveries')
    // One per (task, action): every retry, by us or by the member, sends the same key.
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('action_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // pending (a request is out) | done (the system answered 2xx) | failed (it did not; may be retried)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('callback_deliveries_task').on('callback_deliveries').column('task_id').execute();
}
