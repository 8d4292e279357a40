import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import type { Database } from '../../db/schema.ts';

/** Filters of the guide query; all combine with AND. Text filters are case-insensitive "contains". */
export interface GuideFilter {
  id?: string;
  title?: string;
  stepTitle?: string;
  context?: string;
  keyword?: string;
  isRealease?: boolean;
  state?: number;
  appId?: string[];
  appTag?: string;
  appName?: string;
  appCode?: string[];
  /** Non-admins see only published guides. */
  publishedOnly: boolean;
}

type Eb = ExpressionBuilder<Database, 'guides'>;

/** `lower(column) like lower(%text%)`, with LIKE wildcards in the text escaped (PostgreSQL LIKE is case-sensitive). */
function contains(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

function where(eb: Eb, f: GuideFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (f.publishedOnly) all.push(eb('guides.state', '=', 1));
  if (f.id !== undefined) all.push(eb('guides.id', '=', f.id));
  if (f.title) all.push(eb.or([contains('guides.title', f.title), contains('guides.title_en', f.title)]));
  if (f.keyword) all.push(contains('guides.keyword', f.keyword));
  if (f.isRealease !== undefined) all.push(eb('guides.is_release', '=', f.isRealease ? 1 : 0));
  if (f.state !== undefined) all.push(eb('guides.state', '=', f.state));
  if (f.stepTitle || f.context) {
    all.push(
      eb.exists(
        eb
          .selectFrom('guide_steps')
          .select('guide_steps.id')
          .whereRef('guide_steps.guide_id', '=', 'guides.id')
          .where((s) =>
            s.and([
              ...(f.stepTitle
                ? [
                    s.or([
                      contains('guide_steps.step_title', f.stepTitle),
                      contains('guide_steps.step_title_en', f.stepTitle),
                    ]),
                  ]
                : []),
              ...(f.context
                ? [s.or([contains('guide_steps.context', f.context), contains('guide_steps.context_en', f.context)])]
                : []),
            ]),
          ),
      ),
    );
  }
  if (f.appId?.length || f.appCode?.length || f.appTag || f.appName) {
    all.push(
      eb.exists(
        eb
          .selectFrom('guide_step_apps')
          .innerJoin('apps', 'apps.id', 'guide_step_apps.app_id')
          .select('guide_step_apps.id')
          .whereRef('guide_step_apps.guide_id', '=', 'guides.id')
          .where((s) =>
            s.and([
              ...(f.appId?.length ? [s('guide_step_apps.app_id', 'in', f.appId)] : []),
              ...(f.appCode?.length ? [s('apps.code', 'in', f.appCode)] : []),
              ...(f.appTag ? [s.or([contains('apps.tags', f.appTag), contains('apps.tags_en', f.appTag)])] : []),
              ...(f.appName ? [s.or([contains('apps.name', f.appName), contains('apps.name_en', f.appName)])] : []),
            ]),
          ),
      ),
    );
  }
  return eb.and(all);
}

/** One page of guides matching the filter, newest change first, and the total count. */
export async function selectGuidePage(db: Db, f: GuideFilter, first: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('guides')
      .selectAll()
      .where((eb) => where(eb, f))
      .orderBy('update_time', 'desc')
      .orderBy('id')
      .limit(literalLimit(first))
      .offset(offset)
      .execute(),
    db
      .selectFrom('guides')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => where(eb, f))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.n) };
}

/** Guides by id (any state; callers filter). */
export async function selectGuidesByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom('guides').selectAll().where('id', 'in', ids).execute();
}

/** Steps of many guides, in step order: one query. */
export async function selectSteps(db: Db, guideIds: string[]) {
  if (!guideIds.length) return [];
  return db
    .selectFrom('guide_steps')
    .selectAll()
    .where('guide_id', 'in', guideIds)
    .orderBy('guide_id')
    .orderBy('step_no')
    .execute();
}

/** Step apps of many guides with the apps' fields: one query. */
export async function selectStepApps(db: Db, guideIds: string[]) {
  if (!guideIds.length) return [];
  return db
    .selectFrom('guide_step_apps')
    .innerJoin('apps', 'apps.id', 'guide_step_apps.app_id')
    .select([
      'guide_step_apps.id',
      'guide_step_apps.guide_id',
      'guide_step_apps.guide_step_id',
      'guide_step_apps.app_id',
      'apps.code',
      'apps.name',
      'apps.name_en',
      'apps.tags',
      'apps.tags_en',
      'apps.uri',
    ])
    .where('guide_step_apps.guide_id', 'in', guideIds)
    .orderBy('guide_step_apps.id')
    .execute();
}

export type GuideRow = Awaited<ReturnType<typeof selectGuidesByIds>>[number];
export type StepRow = Awaited<ReturnType<typeof selectSteps>>[number];
export type StepAppRow = Awaited<ReturnType<typeof selectStepApps>>[number];
