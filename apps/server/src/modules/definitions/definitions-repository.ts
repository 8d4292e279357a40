import { loadDefinition, type ProcessDefinition } from '@service-hall/engine';
import type { Db } from '../../db/database.ts';

// Versions never change once written, so a parsed definition can be cached for the life of the process.
const cache = new Map<string, ProcessDefinition>();

/** The definition `code` at `version`, parsed and validated; undefined when there is no such row. */
export async function definitionAt(db: Db, code: string, version: number): Promise<ProcessDefinition | undefined> {
  const key = `${code}@${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const row = await db.selectFrom('process_definitions').select('definition')
    .where('code', '=', code).where('version', '=', version).executeTakeFirst();
  if (!row) return undefined;
  const def = loadDefinition(JSON.parse(row.definition));
  cache.set(key, def);
  return def;
}

/** The newest version of definition `code`, or undefined. */
export async function latestDefinition(db: Db, code: string): Promise<ProcessDefinition | undefined> {
  const row = await db.selectFrom('process_definitions').select('version')
    .where('code', '=', code).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? definitionAt(db, code, row.version) : undefined;
}

/** Stores a definition as a new version unless the newest stored one has the same JSON; returns the version. */
export async function saveDefinition(db: Db, def: ProcessDefinition, now: number): Promise<number> {
  const latest = await db.selectFrom('process_definitions').select(['version', 'definition'])
    .where('code', '=', def.code).orderBy('version', 'desc').limit(1).executeTakeFirst();
  const text = (version: number) => JSON.stringify({ ...def, version });
  if (latest && latest.definition === text(latest.version)) return latest.version;
  const version = Math.max(latest ? latest.version + 1 : 1, def.version);
  await db.insertInto('process_definitions')
    .values({ code: def.code, version, definition: text(version), created_at: now })
    .onConflict((oc) => oc.doNothing()).execute();
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
