import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import { invalid, notFound } from '../../../platform/app-error.ts';
import { sanitizeRichText } from '../../../text/sanitize-html.ts';
import { writeGuide, type GuideInput } from '../../guides/save-guide.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange, type Trx } from '../audit/audit-log.ts';
import { parseInput } from '../people/people-input.ts';

/** A guide as an administrator writes it: steps with rich text (sanitised on save) and the codes of linked apps. */
export const guideInputSchema = z.object({
  title: z.string().trim().min(1).max(100),
  title_en: z.string().trim().max(200).default(''),
  keyword: z.string().trim().max(200).default(''),
  mainpic: z.string().trim().max(300).default(''),
  steps: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(100),
        title_en: z.string().trim().max(200).default(''),
        html: z.string().max(100_000).default(''),
        html_en: z.string().max(100_000).default(''),
        apps: z.array(z.string().trim().min(1)).max(20).default([]),
      }),
    )
    .min(1)
    .max(30),
});

/** The result of saving: the guide's id, and whether sanitising removed anything (script, handlers, …). */
export interface SavedGuide {
  id: string;
  sanitised: boolean;
}

/**
 * Creates a guide as a draft (no `guideId`) or replaces an existing one's content, keeping its state. System
 * administrators may write any guide; app administrators those whose every linked app — before and after — is theirs.
 */
export async function saveAdminGuide(ctx: AdminContext, raw: unknown, guideId?: string): Promise<SavedGuide> {
  const input = parseInput(guideInputSchema, raw);
  const codes = [...new Set(input.steps.flatMap((s) => s.apps))];
  const id = guideId ?? `guide-${randomUUID()}`;
  const sanitised = input.steps.some(
    (s) => sanitizeRichText(s.html) !== s.html || sanitizeRichText(s.html_en) !== s.html_en,
  );
  await auditedChange(
    ctx,
    async (trx, audit) => {
      const apps = codes.length
        ? await trx.selectFrom('apps').select(['id', 'code']).where('code', 'in', codes).execute()
        : [];
      const appIdByCode = new Map(apps.map((a) => [a.code, a.id]));
      const unknown = codes.filter((c) => !appIdByCode.has(c));
      if (unknown.length)
        throw invalid(
          unknown.map((c) => ({ field: 'steps.apps', message: `no such app: ${c}` })),
          'ADMIN_APP_NOT_FOUND',
        );
      const before = guideId ? await guideSnapshot(trx, guideId) : null;
      if (guideId && !before) throw notFound('ADMIN_GUIDE_NOT_FOUND');
      assertAuthorized(ctx.actor, 'guide.write', {
        appIds: [...new Set([...apps.map((a) => a.id), ...(before?.appIds ?? [])])],
      });
      const guide: GuideInput = { ...input, state: before?.state === 1 ? 1 : 0 };
      await writeGuide(trx, id, guide, appIdByCode, { name: ctx.actor.account, account: ctx.actor.account }, ctx.now());
      await audit({
        action: guideId ? 'guide.edit' : 'guide.create',
        targetType: 'guide',
        targetId: id,
        before: before?.content ?? null,
        after: await guideSnapshot(trx, id).then((s) => s?.content),
      });
    },
    { catalogue: true },
  );
  return { id, sanitised };
}

/** Publishes a guide to members (`published: true`) or takes it back to draft. */
export async function publishGuide(ctx: AdminContext, guideId: string, published: boolean): Promise<void> {
  await auditedChange(
    ctx,
    async (trx, audit) => {
      const before = await guideSnapshot(trx, guideId);
      if (!before) throw notFound('ADMIN_GUIDE_NOT_FOUND');
      assertAuthorized(ctx.actor, 'guide.write', { appIds: before.appIds });
      const state = published ? 1 : 0;
      if (before.state === state) return;
      await trx
        .updateTable('guides')
        .set({
          state,
          is_release: state,
          update_time: ctx.now(),
          update_user: ctx.actor.account,
          update_user_account: ctx.actor.account,
        })
        .where('id', '=', guideId)
        .execute();
      await audit({
        action: published ? 'guide.publish' : 'guide.unpublish',
        targetType: 'guide',
        targetId: guideId,
        before: { state: before.state },
        after: { state },
      });
    },
    { catalogue: true },
  );
}

/** A guide's stored content, its state and the apps it links (null when there is no such guide). */
async function guideSnapshot(trx: Trx, id: string) {
  const guide = await trx
    .selectFrom('guides')
    .select(['title', 'title_en', 'keyword', 'mainpic', 'state'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!guide) return null;
  const steps = await trx
    .selectFrom('guide_steps')
    .select(['id', 'step_title', 'step_title_en', 'context', 'context_en'])
    .where('guide_id', '=', id)
    .orderBy('step_no')
    .execute();
  const links = await trx
    .selectFrom('guide_step_apps')
    .innerJoin('apps', 'apps.id', 'guide_step_apps.app_id')
    .select(['guide_step_apps.guide_step_id', 'apps.id', 'apps.code'])
    .where('guide_step_apps.guide_id', '=', id)
    .execute();
  return {
    state: guide.state,
    appIds: [...new Set(links.map((l) => l.id))],
    content: {
      title: guide.title,
      title_en: guide.title_en,
      keyword: guide.keyword,
      mainpic: guide.mainpic,
      steps: steps.map((s) => ({
        title: s.step_title,
        title_en: s.step_title_en,
        html: s.context,
        html_en: s.context_en,
        apps: links.filter((l) => l.guide_step_id === s.id).map((l) => l.code),
      })),
    },
  };
}
