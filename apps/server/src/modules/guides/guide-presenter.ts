import type { Guide, GuideStep, GuideStepApp } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { sanitizeRichText } from '../../text/sanitize-html.ts';
import { pick } from '../apps/app-presenter.ts';
import { selectStepApps, selectSteps, type GuideRow, type StepAppRow, type StepRow } from './guides-repository.ts';

// Map.groupBy needs Node 21.
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function presentStepApp(a: StepAppRow, locale: Locale): GuideStepApp {
  return {
    listAppId: a.id,
    appId: a.app_id,
    appCode: a.code,
    appName: pick(locale, a.name, a.name_en),
    appTag: pick(locale, a.tags, a.tags_en),
    appUrl: a.uri,
    guideId: a.guide_id,
    guideStepId: a.guide_step_id,
  };
}

function presentStep(s: StepRow, apps: StepAppRow[], locale: Locale): GuideStep {
  return {
    listId: s.id,
    // Stored HTML was sanitised on save; sanitise again in case a row was written around the service.
    context: sanitizeRichText(pick(locale, s.context, s.context_en)),
    guideId: s.guide_id,
    stepNo: s.step_no,
    stepTitle: pick(locale, s.step_title, s.step_title_en),
    guideStepAppList: apps.map((a) => presentStepApp(a, locale)),
  };
}

/**
 * English names of the guides' authors by account. The rows keep the name as written when saved (Chinese), which
 * an English page would otherwise show as "Updated by 管理员".
 */
async function englishNames(db: Db, rows: GuideRow[], locale: Locale): Promise<Map<string, string>> {
  const accounts = [...new Set(rows.flatMap((r) => [r.create_user_account, r.update_user_account]).filter(Boolean))];
  if (locale !== 'en' || accounts.length === 0) return new Map();
  const users = await db.selectFrom('users').select(['account', 'name_en']).where('account', 'in', accounts).execute();
  return new Map(users.filter((u) => u.name_en).map((u) => [u.account, u.name_en]));
}

/**
 * Leaves out what leads a member to apps hidden from them (the `visible` rule, docs/product.md "Visibility in
 * guides"): their links, and a step whose every linked app is hidden (it explains a service they cannot use).
 * Steps without links and the guide itself stay.
 */
function withoutHidden(
  steps: StepRow[],
  appsByStep: Map<string, StepAppRow[]>,
  hidden: ReadonlySet<string> | null,
): StepRow[] {
  if (!hidden) return steps;
  return steps.filter((s) => {
    const all = appsByStep.get(s.id) ?? [];
    const shown = all.filter((a) => !hidden.has(a.app_id));
    appsByStep.set(s.id, shown);
    return all.length === 0 || shown.length > 0;
  });
}

/**
 * Maps guide rows to wire guides, loading all their steps and step apps (and English author names) in a few queries.
 * `hidden`: ids of apps the reader may not see (app-visibility.ts hiddenAppIds), null when none is.
 */
export async function presentGuides(
  db: Db,
  rows: GuideRow[],
  locale: Locale,
  hidden: ReadonlySet<string> | null = null,
): Promise<Guide[]> {
  const ids = rows.map((r) => r.id);
  const [allSteps, stepApps, names] = await Promise.all([
    selectSteps(db, ids),
    selectStepApps(db, ids),
    englishNames(db, rows, locale),
  ]);
  const appsByStep = groupBy(stepApps, (a) => a.guide_step_id);
  const steps = withoutHidden(allSteps, appsByStep, hidden);
  const stepsByGuide = groupBy(steps, (s) => s.guide_id);
  return rows.map((g) => ({
    id: g.id,
    title: pick(locale, g.title, g.title_en),
    keyword: g.keyword,
    mainpic: g.mainpic,
    isRealease: g.is_release === 1,
    createUser: names.get(g.create_user_account) ?? g.create_user,
    createUserAccount: g.create_user_account,
    createTime: g.create_time,
    updateTime: g.update_time,
    updateUser: names.get(g.update_user_account) ?? g.update_user,
    updateUserAccount: g.update_user_account,
    state: g.state,
    guideStepList: (stepsByGuide.get(g.id) ?? []).map((s) => presentStep(s, appsByStep.get(s.id) ?? [], locale)),
  }));
}
