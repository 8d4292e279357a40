import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';

import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { pinyinKeys } from '../../text/pinyin.ts';
import { sanitizeRichText } from '../../text/sanitize-html.ts';
import { bumpCatalogueVersion } from '../apps/catalogue-version.ts';

export interface GuideStepInput {
  title: string;
  title_en?: string;
  /** Rich HTML; sanitised to the allow-list before it is stored. */
  html: string;
  html_en?: string;
  /** Codes of the apps this step links to. */
  apps: string[];
}

export interface GuideInput {
  id?: string;
  title: string;
  title_en?: string;
  keyword: string;
  mainpic: string;
  /** 0 draft, 1 published (docs/product.md §11). */
  state: 0 | 1;
  steps: GuideStepInput[];
}

/** Creates or replaces a guide with its steps and step apps in one transaction; returns the guide id. */
export async function saveGuide(
  db: Db,
  input: GuideInput,
  author: { name: string; account: string },
  now: number,
): Promise<string> {
  const id = input.id ?? `guide-${randomUUID()}`;
  const codes = [...new Set(input.steps.flatMap((s) => s.apps))];
  const apps = codes.length
    ? await db.selectFrom('apps').select(['id', 'code']).where('code', 'in', codes).execute()
    : [];
  const appIdByCode = new Map(apps.map((a) => [a.code, a.id]));
  await db.transaction().execute((trx) => writeGuide(trx, id, input, appIdByCode, author, now));
  bumpCatalogueVersion(db);
  return id;
}

/**
 * Writes a guide, its steps (rich text sanitised) and step apps inside the caller's transaction, keeping its
 * creator and creation time when it exists. Step app codes missing from `appIdByCode` are left out.
 */
export async function writeGuide(
  trx: Transaction<Database>,
  id: string,
  input: GuideInput,
  appIdByCode: ReadonlyMap<string, string>,
  author: { name: string; account: string },
  now: number,
): Promise<void> {
  const keys = pinyinKeys(input.title);
  const existing = await trx
    .selectFrom('guides')
    .select(['create_time', 'create_user', 'create_user_account'])
    .where('id', '=', id)
    .executeTakeFirst();
  await trx.deleteFrom('guide_step_apps').where('guide_id', '=', id).execute();
  await trx.deleteFrom('guide_steps').where('guide_id', '=', id).execute();
  await trx.deleteFrom('guides').where('id', '=', id).execute();
  await trx
    .insertInto('guides')
    .values({
      id,
      title: input.title,
      title_en: input.title_en ?? '',
      keyword: input.keyword,
      mainpic: input.mainpic,
      is_release: input.state === 1 ? 1 : 0,
      state: input.state,
      pinyin: keys.pinyin,
      initials: keys.initials,
      create_user: existing?.create_user ?? author.name,
      create_user_account: existing?.create_user_account ?? author.account,
      create_time: existing?.create_time ?? now,
      update_time: now,
      update_user: author.name,
      update_user_account: author.account,
    })
    .execute();
  for (const [i, step] of input.steps.entries()) {
    const stepId = `${id}-s${i + 1}`;
    await trx
      .insertInto('guide_steps')
      .values({
        id: stepId,
        guide_id: id,
        step_no: i + 1,
        step_title: step.title,
        step_title_en: step.title_en ?? '',
        context: sanitizeRichText(step.html),
        context_en: sanitizeRichText(step.html_en ?? ''),
      })
      .execute();
    const links = step.apps.flatMap((code) => (appIdByCode.has(code) ? [appIdByCode.get(code)!] : []));
    if (links.length) {
      await trx
        .insertInto('guide_step_apps')
        .values(
          links.map((appId, j) => ({ id: `${stepId}-a${j + 1}`, guide_id: id, guide_step_id: stepId, app_id: appId })),
        )
        .execute();
    }
  }
}
