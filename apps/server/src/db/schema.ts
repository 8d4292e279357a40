import type { Generated } from 'kysely';

/** Row types of every table (see migrations/001-domain.ts). Times are integer seconds, booleans 0/1. */
/**
 * The process's list columns copied into each list row (migrations/023-list-rows.ts), kept by triggers: written by
 * the database, never by our code.
 */
export interface ListRowCopy {
  p_entry: Generated<string>;
  p_name: Generated<string>;
  p_uri: Generated<string>;
  p_tags: Generated<string>;
  p_status: Generated<string>;
  p_created_at: Generated<number>;
  p_updated_at: Generated<number>;
  p_app_id: Generated<string>;
  p_system_id: Generated<string | null>;
  p_owner_id: Generated<string>;
  p_definition_code: Generated<string | null>;
  p_definition_version: Generated<number | null>;
}

export interface Database {
  enterprises: { id: string; name: string; name_en: string };
  enterprise_images: { enterprise_id: string; kind: string; url: string };
  /** One row (id 1): moves on every change the workflow Directory reads (migrations/002). */
  directory_version: { id: number; version: number };
  revoked_grants: { grant_id: string; revoked_at: number; expires_at: number };
  departments: { id: string; name: string; name_en: string; head_user_id: string | null; parent_id: string | null };
  /** The role catalogue (migrations/015); members are users whose `roles` list the code. */
  roles: { code: string; name: string; name_en: string };
  /** One row per administrative change, written in the change's transaction (migrations/015). */
  audit_log: {
    id: string;
    at: number;
    actor_id: string;
    actor_account: string;
    action: string;
    target_type: string;
    target_id: string;
    before: string | null;
    after: string | null;
    request_id: string | null;
  };
  /** One row (id 1): moves on every change members see in the catalogue (migrations/015). */
  catalogue_version: { id: number; version: number };
  /** Per-user list versions, '' = global; moved by triggers only (migrations/025, platform/list-cache.ts). */
  list_versions: { user_id: string; v: number | string };
  users: {
    id: string;
    account: string;
    name: string;
    name_en: string;
    email: string;
    department_id: string | null;
    enterprise_id: string;
    roles: string;
    password_hash: string | null;
    disabled: number;
    created_at: number;
    updated_at: number;
  };
  systems: {
    id: string;
    name: string;
    name_en: string;
    base_url: string;
    secret_hash: string | null;
    /** Callback signing secrets (migrations/017): the current one and, for a day after a rotation, the previous. */
    callback_secret: string | null;
    callback_secret_previous: string | null;
    callback_secret_rotated_at: number | null;
    /** migrations/016 */
    enabled: Generated<number>;
    created_at: Generated<number>;
    updated_at: Generated<number>;
  };
  /**
   * Registered OAuth clients: system (client_credentials), public (PKCE) and confidential (authorization code with a
   * secret) clients (migrations/016, 032).
   */
  oauth_clients: {
    id: string;
    name: string;
    kind: 'system' | 'public' | 'confidential';
    system_id: string | null;
    secret_hash: string | null;
    secret_rotated_at: number | null;
    scopes: string;
    redirect_uris: string;
    enabled: number;
    created_at: number;
    updated_at: number;
    /** migrations/032: 1 = a confidential client may sign in without PKCE (a system administrator's choice). */
    allow_no_pkce: Generated<number>;
  };
  apps: {
    id: string;
    code: string;
    name: string;
    name_en: string;
    uri: string;
    tags: string;
    tags_en: string;
    icon: string;
    department: string;
    department_en: string;
    abbreviation: string;
    description: string;
    description_en: string;
    recommend: number;
    palette: string;
    rating_sum: number;
    rated: number;
    completed: number;
    system_id: string | null;
    definition_code: string | null;
    first_letter: string;
    initials: string;
    pinyin: string;
    enabled: number;
    created_at: number;
    /** JSON {"roles":[…],"departments":[…]}; empty: everyone. */
    visible: Generated<string>;
  };
  app_admins: { app_id: string; user_id: string };
  preferences: { user_id: string; name: string; value: string; updated_at: number };
  process_definitions: {
    code: string;
    version: number;
    definition: string;
    created_at: number;
    /** `template`: a built-in flow stored at start; `published`: an administrator published it (021). */
    source: 'template' | 'published';
    published_by: string | null;
  };
  processes: {
    id: string;
    entry: string;
    app_id: string;
    definition_code: string | null;
    definition_version: number | null;
    name: string;
    uri: string;
    tags: string;
    owner_id: string;
    system_id: string | null;
    status: string;
    priority: number;
    draft: number;
    data: string;
    state: string;
    rating: number | null;
    review: string;
    created_at: number;
    updated_at: number;
    finished_at: number | null;
    /** The owning system's own id of an external process (migrations/017); null for ours. */
    external_id: Generated<string | null>;
    /** The system whose client started it for its owner (migrations/016). */
    via_system_id: Generated<string | null>;
  };
  process_participants: ListRowCopy & {
    process_id: string;
    user_id: string;
    is_owner: number;
    finished: number;
    created_at: number;
    updated_at: number;
  };
  tasks: ListRowCopy & {
    id: string;
    process_id: string;
    step_id: string;
    name: string;
    assignee_id: string;
    status: string;
    actions: string;
    uri: string;
    app_id: string;
    assign_time: number;
    action_id: string | null;
    action_name: string;
    action_user_id: string | null;
    on_behalf_of_id: string | null;
    action_time: number | null;
    remark: string;
    /** External tasks (migrations/017): the owning system, its own id, where actions are sent. Null for ours. */
    system_id: Generated<string | null>;
    external_id: Generated<string | null>;
    callback_url: Generated<string | null>;
    /** The system whose client handled it for the assignee (migrations/016). */
    via_system_id: Generated<string | null>;
    /** Whom a task closed by 转办 went to (migrations/024); null otherwise. */
    handed_to_id: Generated<string | null>;
  };
  cc_records: ListRowCopy & {
    id: string;
    process_id: string;
    user_id: string;
    read: number;
    created_at: number;
    read_at: number | null;
  };
  ratings: { process_id: string; user_id: string; app_id: string; rating: number; remark: string; created_at: number };
  delegations: {
    id: string;
    from_user_id: string;
    to_user_id: string;
    app_id: string | null;
    start_at: number;
    end_at: number;
    created_at: number;
    deleted_at: number | null;
  };
  guides: {
    id: string;
    title: string;
    title_en: string;
    keyword: string;
    mainpic: string;
    is_release: number;
    state: number;
    pinyin: string;
    initials: string;
    create_user: string;
    create_user_account: string;
    create_time: number;
    update_time: number;
    update_user: string;
    update_user_account: string;
  };
  guide_steps: {
    id: string;
    guide_id: string;
    step_no: number;
    step_title: string;
    step_title_en: string;
    context: string;
    context_en: string;
  };
  guide_step_apps: { id: string; guide_id: string; guide_step_id: string; app_id: string };
  page_templates: { domain: string; solution: string; terminal: string; config: string };
  idempotency_keys: {
    user_id: string;
    key: string;
    request_hash: string;
    state: string;
    response_status: number | null;
    response_body: string | null;
    created_at: number;
    /** The token of the request holding the key, and when (database clock, ms) its lease runs out (migrations/028). */
    holder: Generated<string>;
    lease_expires_at: Generated<number>;
  };
  /** One callback per (task, action) to an external system (migrations/017). */
  callback_deliveries: {
    idempotency_key: string;
    task_id: string;
    action_id: string;
    user_id: string;
    state: string;
    attempts: number;
    last_error: string;
    created_at: number;
    updated_at: number;
  };
  events: {
    id: string;
    user_id: string;
    type: string;
    process_id: string;
    task_id: string | null;
    read: number;
    created_at: number;
  };
  /**
   * Notifications, repeats merged (migrations/031): one row per recipient, sender, kind and minute (`merge_key`,
   * unique), `count` events, `process_id` the latest one's.
   */
  notifications: {
    id: string;
    user_id: string;
    sender_id: string | null;
    type: string;
    process_id: string;
    count: number;
    read: number;
    created_at: number;
    merge_key: string;
  };
  counters: { name: string; value: number };
  oidc_store: {
    model: string;
    id: string;
    payload: string;
    grant_id: string | null;
    user_code: string | null;
    uid: string | null;
    consumed_at: number | null;
    expires_at: number | null;
  };
  /** Uploaded icons and enterprise images, base64 (migrations/018). */
  stored_images: { id: string; type: string; data: string; size: number; created_at: number; created_by: string };
  signing_keys: { kid: string; jwk: string; created_at: number };
  /** Uploaded files of attachment fields (migrations/022); `process_id` null until a start or resubmit attaches it. */
  attachments: {
    id: string;
    owner_id: string;
    app_id: string;
    field: string;
    name: string;
    type: string;
    size: number;
    sha256: string;
    data: Buffer;
    process_id: string | null;
    created_at: number;
    attached_at: number | null;
  };
  upload_usage: { owner_id: string; hour: number; bytes: number };
}

/** Unused marker so `Generated` stays importable for future auto-increment columns. */
export type AutoId = Generated<number>;
