import { sql } from 'kysely';

import { builtinDefinitionTemplates, type I18nText } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AdminContext } from '../admin/admin-context.ts';
import { isSystemAdmin } from '../admin/admin-policy.ts';
import { appsUsing, assertAnyAdmin, assertMayDeploy } from './definition-access.ts';
import { definitionsMessages } from './definitions-messages.ts';

/** One stored version as the console lists it. */
export interface VersionInfo {
  version: number;
  source: 'template' | 'published';
  publishedBy: string | null;
  publishedAt: number;
  /** Processes of this version still running. */
  running: number;
}

export interface DefinitionSummary {
  code: string;
  name: I18nText;
  latest: VersionInfo;
  apps: Array<{ id: string; code: string; name: I18nText }>;
}

const nameOf = (text: string): I18nText => (JSON.parse(text) as { name: I18nText }).name;

async function runningByVersion(db: Db, code: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('processes')
    .select(['definition_version', sql<number>`count(*)`.as('n')])
    .where('definition_code', '=', code)
    .where('status', '=', 'doing')
    .groupBy('definition_version')
    .execute();
  return new Map(rows.map((r) => [r.definition_version ?? 0, Number(r.n)]));
}

/** The definitions an administrator may see: all for a system administrator, their apps' for an app administrator. */
export async function listDefinitions(ctx: AdminContext): Promise<DefinitionSummary[]> {
  assertAnyAdmin(ctx.actor);
  let codes = (await ctx.db.selectFrom('process_definitions').select('code').distinct().orderBy('code').execute()).map(
    (r) => r.code,
  );
  if (!isSystemAdmin(ctx.actor)) {
    const mine = await ctx.db
      .selectFrom('apps')
      .select('definition_code')
      .distinct()
      .where('id', 'in', [...ctx.actor.appIds, ''])
      .where('definition_code', 'is not', null)
      .execute();
    const allowed = new Set<string>();
    // A code shared with an app that is not theirs stays with the system administrators.
    for (const { definition_code: code } of mine) {
      const apps = await appsUsing(ctx.db, code!);
      if (apps.every((a) => ctx.actor.appIds.has(a.id))) allowed.add(code!);
    }
    codes = codes.filter((c) => allowed.has(c));
  }
  const out: DefinitionSummary[] = [];
  for (const code of codes) {
    const { versions, apps, name } = await versionsOf(ctx.db, code);
    out.push({ code, name, latest: versions[0]!, apps });
  }
  return out;
}

async function versionsOf(db: Db, code: string) {
  const rows = await db
    .selectFrom('process_definitions')
    .select(['version', 'source', 'published_by', 'created_at', 'definition'])
    .where('code', '=', code)
    .orderBy('version', 'desc')
    .execute();
  if (rows.length === 0) throw new AppError('NOT_FOUND', definitionsMessages.DEFINITION_NOT_FOUND);
  const running = await runningByVersion(db, code);
  const apps = (await appsUsing(db, code)).map((a) => ({
    id: a.id,
    code: a.code,
    name: { zh: a.name, en: a.name_en || a.name },
  }));
  const versions: VersionInfo[] = rows.map((r) => ({
    version: r.version,
    source: r.source,
    publishedBy: r.published_by,
    publishedAt: r.created_at,
    running: running.get(r.version) ?? 0,
  }));
  return { name: nameOf(rows[0]!.definition), versions, apps };
}

/** Every stored version of a definition, newest first, with the apps that use it. */
export async function definitionVersions(ctx: AdminContext, code: string) {
  await assertMayDeploy(ctx.db, ctx.actor, code);
  return { code, ...(await versionsOf(ctx.db, code)) };
}

/** A stored version's JSON (the newest without `version`), as `definitions deploy` takes it back: the export. */
export async function exportDefinition(
  ctx: AdminContext,
  code: string,
  version?: number,
): Promise<Record<string, unknown>> {
  await assertMayDeploy(ctx.db, ctx.actor, code);
  let q = ctx.db.selectFrom('process_definitions').select('definition').where('code', '=', code);
  q = version === undefined ? q.orderBy('version', 'desc').limit(literalLimit(1)) : q.where('version', '=', version);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', definitionsMessages.DEFINITION_NOT_FOUND);
  return JSON.parse(row.definition) as Record<string, unknown>;
}

const templates = builtinDefinitionTemplates as ReadonlyArray<{ code: string; name: I18nText; version: number }>;

/** The built-in flows as shipped (packages/engine's JSON): what an institution can start from and publish. */
export function definitionTemplates(ctx: AdminContext): Array<{ code: string; name: I18nText; version: number }> {
  assertAnyAdmin(ctx.actor);
  return templates.map((t) => ({ code: t.code, name: t.name, version: t.version }));
}

/** One built-in flow's JSON as shipped, to edit and publish (any administrator may read them: they ship with the program). */
export function definitionTemplate(ctx: AdminContext, code: string): Record<string, unknown> {
  assertAnyAdmin(ctx.actor);
  const found = templates.find((t) => t.code === code);
  if (!found) throw new AppError('NOT_FOUND', definitionsMessages.DEFINITION_NOT_FOUND);
  return structuredClone(found) as unknown as Record<string, unknown>;
}
