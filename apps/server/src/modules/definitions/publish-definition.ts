import { removedFields, validateDefinition, type DefinitionIssue, type ProcessDefinition } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AdminContext } from '../admin/admin-context.ts';
import { auditedChange, isUniqueViolation, type AuditEntry, type Trx } from '../admin/audit/audit-log.ts';
import { assertMayDeploy } from './definition-access.ts';
import { definitionsMessages } from './definitions-messages.ts';
import { definitionAt, latestRow, storedText } from './definitions-repository.ts';
import { missingAssignees } from './missing-assignees.ts';

/** What a publish did, or would do with `dryRun`; `issues` non-empty means it was refused and nothing changed. */
export interface PublishReport {
  code: string | null;
  /** The version published (or, on a dry run, the one it would get); the existing one when `unchanged`. */
  version: number | null;
  published: boolean;
  /** The JSON equals the newest version: nothing was stored (a retried publish lands here). */
  unchanged: boolean;
  dryRun: boolean;
  issues: DefinitionIssue[];
}

/**
 * Publishes a definition as the next version of its code (API and `npm run admin -- definitions deploy` alike).
 * Processes already running keep the version they started on; new ones start on this one. Refused, with every
 * problem pointing at its node or field: anything the engine's publish check finds (cycle, unreachable step,
 * condition on a missing field, branch without a default, …) and a form field removed while a version that has it
 * still has running processes, and an assignee rule naming a person or role the directory does not know. The version row and its audit row commit together.
 */
export async function publishDefinition(
  ctx: AdminContext,
  json: unknown,
  options: { dryRun?: boolean } = {},
): Promise<PublishReport> {
  const dryRun = options.dryRun ?? false;
  const claimed = (json as { code?: unknown } | null)?.code;
  const code = typeof claimed === 'string' ? claimed : null;
  // Who may publish is decided by the code before anything about the JSON is said.
  await assertMayDeploy(ctx.db, ctx.actor, code ?? '');
  const refused = (issues: DefinitionIssue[]): PublishReport => ({
    code,
    version: null,
    published: false,
    unchanged: false,
    dryRun,
    issues,
  });
  const { definition, issues } = validateDefinition(json);
  if (!definition) return refused(issues);

  const attempt = async (trx: Trx, audit: (entry: AuditEntry) => Promise<void>): Promise<PublishReport> => {
    const latest = await latestRow(trx, definition.code);
    if (latest && latest.definition === storedText(definition, latest.version)) {
      return { code, version: latest.version, published: false, unchanged: true, dryRun, issues: [] };
    }
    const dropped = [...(await missingAssignees(trx, definition)), ...(await fieldsStillRunning(trx, definition))];
    if (dropped.length > 0) return refused(dropped);
    const version = (latest?.version ?? 0) + 1;
    if (dryRun) return { code, version, published: false, unchanged: false, dryRun, issues: [] };
    await trx
      .insertInto('process_definitions')
      .values({
        code: definition.code,
        version,
        definition: storedText(definition, version),
        created_at: ctx.now(),
        source: 'published',
        published_by: ctx.actor.account,
      })
      .execute();
    await audit({
      action: 'definition.publish',
      targetType: 'definition',
      targetId: definition.code,
      before: latest ? { version: latest.version, source: latest.source } : null,
      after: { version, source: 'published', name: definition.name, steps: definition.steps.map((s) => s.id) },
    });
    return { code, version, published: true, unchanged: false, dryRun, issues: [] };
  };
  try {
    return await auditedChange(ctx, attempt);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two publishes of the same code at once both chose the next number. The same JSON sent twice (a retry racing
    // the first try) is answered as unchanged; a different one is told to look again.
    const winner = await latestRow(ctx.db, definition.code);
    if (winner && winner.definition === storedText(definition, winner.version)) {
      return { code, version: winner.version, published: false, unchanged: true, dryRun, issues: [] };
    }
    throw new AppError('CONFLICT', definitionsMessages.DEFINITION_VERSION_RACE);
  }
}

/**
 * Form fields the new version drops that a version with running processes still has: those processes' conditions,
 * assignee rules and detail pages read them, and an administrator removing one is nearly always a mistake.
 */
async function fieldsStillRunning(db: Db, def: ProcessDefinition): Promise<DefinitionIssue[]> {
  const running = await db
    .selectFrom('processes')
    .select(['definition_version'])
    .distinct()
    .where('definition_code', '=', def.code)
    .where('status', '=', 'doing')
    .where('definition_version', 'is not', null)
    .orderBy('definition_version')
    .execute();
  const byField = new Map<string, { label: { zh: string; en: string }; versions: number[] }>();
  for (const { definition_version: v } of running) {
    const older = await definitionAt(db, def.code, v!);
    if (!older) continue;
    for (const { field, label } of removedFields(older, def)) {
      const entry = byField.get(field) ?? { label, versions: [] };
      entry.versions.push(v!);
      byField.set(field, entry);
    }
  }
  return [...byField].map(([field, { label, versions }]) => ({
    path: `form.schema.properties.${field}`,
    field,
    message: {
      zh: `不能删除字段“${label.zh}”（${field}）：版本 ${versions.join('、')} 还有办理中的办件在使用它`,
      en: `the field "${label.en}" (${field}) cannot be removed: processes of version ${versions.join(', ')} still running use it`,
    },
  }));
}
