import { sql } from 'kysely';

/**
 * `'todo'` written into the SQL text, for every comparison with `tasks.status`. tasks_todo_list is a partial index on
 * `status = 'todo'` (migrations/026-open-task-list-rows.ts). SQLite proves a bound value against a partial index by
 * reading it at compile time, and then marks the statement to be re-compiled whenever that parameter is bound again:
 * on every call, for any statement on `tasks` (the statement cache keeps them by text), claims and list queries
 * alike. A literal has nothing to re-bind. PostgreSQL's generic plan of a named statement can use the index only with
 * the literal.
 */
export const TODO = sql.lit('todo');
