import type { Kysely } from 'kysely';

/**
 * The whole domain model of docs/product.md §3 in one migration. Runs unchanged on SQLite and PostgreSQL: times are integer
 * seconds (bigint), booleans are 0/1 integers, JSON is text. Only column types differ per dialect.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const time = 'bigint' as const;

  await db.schema
    .createTable('enterprises')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('enterprise_images')
    .addColumn('enterprise_id', 'text', (c) => c.notNull().references('enterprises.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('enterprise_images_pk', ['enterprise_id', 'kind'])
    .execute();

  await db.schema
    .createTable('departments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('head_user_id', 'text')
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('department_id', 'text')
    .addColumn('enterprise_id', 'text', (c) => c.notNull())
    // comma-separated role codes: student, teacher, counsellor, head, finance, admin …
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_department').on('users').column('department_id').execute();

  await db.schema
    .createTable('systems')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_hash', 'text')
    .execute();

  await db.schema
    .createTable('apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('department_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abbreviation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('palette', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('system_id', 'text')
    .addColumn('definition_code', 'text')
    .addColumn('first_letter', 'text', (c) => c.notNull().defaultTo('#'))
    .addColumn('initials', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pinyin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_admins')
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_admins_pk', ['app_id', 'user_id'])
    .execute();
  await db.schema.createIndex('app_admins_user').on('app_admins').column('user_id').execute();

  await db.schema
    .createTable('preferences')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('preferences_pk', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('process_definitions')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('process_definitions_pk', ['code', 'version'])
    .execute();

  await db.schema
    .createTable('processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entry', 'text', (c) => c.notNull().unique())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('definition_code', 'text')
    .addColumn('definition_version', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('system_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    // serialised engine state (packages/engine), so a running process keeps its definition version
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('rating', 'integer')
    .addColumn('review', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .execute();
  await db.schema
    .createIndex('processes_app_status')
    .on('processes')
    .columns(['app_id', 'status', 'created_at'])
    .execute();

  // One row per (process, user) who started or acted in it: doing/done lists read only this table's index.
  await db.schema
    .createTable('process_participants')
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('process_participants_pk', ['process_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('pp_user_created')
    .on('process_participants')
    .columns(['user_id', 'finished', 'created_at'])
    .execute();
  await db.schema
    .createIndex('pp_user_updated')
    .on('process_participants')
    .columns(['user_id', 'finished', 'updated_at'])
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.notNull())
    // todo | done | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('assign_time', time, (c) => c.notNull())
    .addColumn('action_id', 'text')
    .addColumn('action_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_user_id', 'text')
    .addColumn('on_behalf_of_id', 'text')
    .addColumn('action_time', time)
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('tasks_assignee_status')
    .on('tasks')
    .columns(['assignee_id', 'status', 'assign_time'])
    .execute();
  await db.schema.createIndex('tasks_process').on('tasks').column('process_id').execute();

  await db.schema
    .createTable('cc_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('read_at', time)
    .execute();
  await db.schema.createIndex('cc_user_process').on('cc_records').columns(['user_id', 'process_id']).unique().execute();
  await db.schema
    .createIndex('cc_user_read_created')
    .on('cc_records')
    .columns(['user_id', 'read', 'created_at'])
    .execute();
  await db.schema.createIndex('cc_process').on('cc_records').column('process_id').execute();

  await db.schema
    .createTable('ratings')
    .addColumn('process_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('delegations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_user_id', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'text', (c) => c.notNull())
    // null: every app
    .addColumn('app_id', 'text')
    .addColumn('start_at', time, (c) => c.notNull())
    .addColumn('end_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('deleted_at', time)
    .execute();
  await db.schema.createIndex('delegations_from').on('delegations').columns(['from_user_id', 'end_at']).execute();
  await db.schema.createIndex('delegations_to').on('delegations').columns(['to_user_id', 'end_at']).execute();

  await db.schema
    .createTable('guides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keyword', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mainpic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_release', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 draft, 1 published (docs/product.md §11)
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinyin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('initials', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_user', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_user_account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', time, (c) => c.notNull())
    .addColumn('update_time', time, (c) => c.notNull())
    .addColumn('update_user', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('update_user_account', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('guide_steps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('guide_id', 'text', (c) => c.notNull())
    .addColumn('step_no', 'integer', (c) => c.notNull())
    .addColumn('step_title', 'text', (c) => c.notNull())
    .addColumn('step_title_en', 'text', (c) => c.notNull().defaultTo(''))
    // sanitised HTML (allow-list) — sanitised again when rendered
    .addColumn('context', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('context_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('guide_steps_guide').on('guide_steps').columns(['guide_id', 'step_no']).execute();

  await db.schema
    .createTable('guide_step_apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('guide_id', 'text', (c) => c.notNull())
    .addColumn('guide_step_id', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guide_step_apps_step').on('guide_step_apps').column('guide_step_id').execute();
  await db.schema.createIndex('guide_step_apps_app').on('guide_step_apps').column('app_id').execute();

  await db.schema
    .createTable('page_templates')
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('solution', 'text', (c) => c.notNull())
    .addColumn('terminal', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_templates_pk', ['domain', 'solution', 'terminal'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // pending while the first request runs, then done
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  // Domain events written in the same transaction as the change: push refresh and the user's notifications.
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text')
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_user_read_created')
    .on('events')
    .columns(['user_id', 'read', 'created_at'])
    .execute();

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();

  // Embedded IdP (oidc-provider adapter) storage and its persisted signing keys.
  await db.schema
    .createTable('oidc_store')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('consumed_at', time)
    .addColumn('expires_at', time)
    .addPrimaryKeyConstraint('oidc_store_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_store_grant').on('oidc_store').column('grant_id').execute();
  await db.schema.createIndex('oidc_store_uid').on('oidc_store').column('uid').execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}
