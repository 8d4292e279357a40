import { EngineError, loadDefinition, type ProcessDefinition } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';

/**
 * Parsed definitions by database, then by code@version. Versions never change once written, so a parse is good for
 * the life of the process, but only for the database it was read from: tests open many databases in one process, and
 * two of them may hold different texts under one code@version. A database is known by its Kysely dialect adapter,
 * which the Kysely instance, its transactions and its plugin copies share.
 */
const caches = new WeakMap<object, Map<string, ProcessDefinition>>();

function cacheOf(db: Db): Map<string, ProcessDefinition> {
  const adapter = db.getExecutor().adapter;
  let cache = caches.get(adapter);
  if (!cache) caches.set(adapter, (cache = new Map()));
  return cache;
}

/**
 * The definition `code` at `version`, parsed and validated; undefined when there is no such row. Strict: a stored
 * version that no longer passes the publish check, or whose JSON names another code or version than its row, throws
 * INVALID_DEFINITION instead of driving processes with something nobody published.
 */
export async function definitionAt(db: Db, code: string, version: number): Promise<ProcessDefinition | undefined> {
  const key = `${code}@${version}`;
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit) return hit;
  const row = await db
    .selectFrom('process_definitions')
    .select('definition')
    .where('code', '=', code)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) return undefined;
  const def = loadDefinition(JSON.parse(row.definition));
  if (def.code !== code || def.version !== version) {
    throw new EngineError('INVALID_DEFINITION', `Stored definition ${key} says it is ${def.code}@${def.version}`);
  }
  cache.set(key, def);
  return def;
}

/** The newest version of definition `code`, or undefined. */
export async function latestDefinition(db: Db, code: string): Promise<ProcessDefinition | undefined> {
  const row = await latestRow(db, code);
  return row ? definitionAt(db, code, row.version) : undefined;
}

/** The newest stored row of `code` (its JSON text, where it came from), or undefined. */
export function latestRow(db: Db, code: string) {
  return db
    .selectFrom('process_definitions')
    .select(['version', 'definition', 'source', 'published_by', 'created_at'])
    .where('code', '=', code)
    .orderBy('version', 'desc')
    .limit(literalLimit(1))
    .executeTakeFirst();
}

/** The stored text of a definition at a version: its JSON with the version the row has. */
export const storedText = (def: ProcessDefinition, version: number): string => JSON.stringify({ ...def, version });

/**
 * Stores a built-in flow's JSON as a template version: when the code has no version yet, or when its newest version
 * is an older template (the program was upgraded). A version an administrator published is never replaced.
 */
export async function saveTemplate(db: Db, def: ProcessDefinition, now: number): Promise<number> {
  const latest = await latestRow(db, def.code);
  if (latest && (latest.source === 'published' || latest.definition === storedText(def, latest.version)))
    return latest.version;
  const version = Math.max(latest ? latest.version + 1 : 1, def.version);
  await db
    .insertInto('process_definitions')
    .values({
      code: def.code,
      version,
      definition: storedText(def, version),
      created_at: now,
      source: 'template',
      published_by: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return version;
}

/** Labels of steps and actions in both languages, for presenting stored rows in the request's language. */
export function stepLabel(def: ProcessDefinition | undefined, stepId: string) {
  return def?.steps.find((s) => s.id === stepId)?.name;
}

/** The {zh, en} name of an action of a step, if the definition has it. */
export function actionLabel(def: ProcessDefinition | undefined, stepId: string, actionId: string) {
  return def?.steps.find((s) => s.id === stepId)?.actions.find((a) => a.id === actionId)?.name;
}
