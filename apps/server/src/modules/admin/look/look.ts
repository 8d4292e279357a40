import type { AdminLook, AdminTemplate } from '@service-hall/contracts';

import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';

/** The enterprise the look page edits: the administrator's own (one institution per deployment). */
async function enterpriseOf(ctx: AdminContext): Promise<string> {
  const mine = await ctx.db
    .selectFrom('users')
    .select('enterprise_id')
    .where('id', '=', ctx.actor.id)
    .executeTakeFirst();
  if (mine) return mine.enterprise_id;
  const first = await ctx.db.selectFrom('enterprises').select('id').orderBy('id').executeTakeFirst();
  return first?.id ?? 'default';
}

/** Institution names, every page template and the enterprise images (system administrators). */
export async function getLook(ctx: AdminContext): Promise<AdminLook> {
  assertAuthorized(ctx.actor, 'look.manage');
  const id = await enterpriseOf(ctx);
  const ent = await ctx.db
    .selectFrom('enterprises')
    .select(['name', 'name_en'])
    .where('id', '=', id)
    .executeTakeFirst();
  const rows = await ctx.db
    .selectFrom('page_templates')
    .selectAll()
    .orderBy('domain')
    .orderBy('solution')
    .orderBy('terminal')
    .execute();
  const images = await ctx.db
    .selectFrom('enterprise_images')
    .select(['kind', 'url'])
    .where('enterprise_id', '=', id)
    .execute();
  return {
    institution: { name: ent?.name ?? '', name_en: ent?.name_en ?? '' },
    templates: rows.map((r) => {
      const c = JSON.parse(r.config) as Partial<AdminTemplate>;
      return {
        domain: r.domain,
        solution: r.solution,
        terminal: r.terminal as AdminTemplate['terminal'],
        sections: c.sections ?? [],
        theme: { primary: c.theme?.primary ?? '#1677ff' },
      };
    }),
    images: Object.fromEntries(images.map((i) => [i.kind, i.url])),
  };
}

/** Creates or replaces the template of a domain + solution + terminal: sections in order and the theme colour. */
export async function saveTemplate(ctx: AdminContext, t: AdminTemplate): Promise<void> {
  assertAuthorized(ctx.actor, 'look.manage');
  const sections = [...new Set(t.sections)];
  await auditedChange(ctx, async (trx, audit) => {
    const key = (q: typeof trx) =>
      q
        .selectFrom('page_templates')
        .select('config')
        .where('domain', '=', t.domain)
        .where('solution', '=', t.solution)
        .where('terminal', '=', t.terminal);
    const before = await key(trx).executeTakeFirst();
    const prior = before ? (JSON.parse(before.config) as Record<string, unknown>) : {};
    const config = JSON.stringify({
      ...prior,
      domain: t.domain,
      solution: t.solution,
      sections,
      theme: { ...((prior.theme as object) ?? {}), primary: t.theme.primary },
    });
    if (before?.config === config) return;
    if (before) {
      await trx
        .updateTable('page_templates')
        .set({ config })
        .where('domain', '=', t.domain)
        .where('solution', '=', t.solution)
        .where('terminal', '=', t.terminal)
        .execute();
    } else {
      await trx
        .insertInto('page_templates')
        .values({ domain: t.domain, solution: t.solution, terminal: t.terminal, config })
        .execute();
    }
    await audit({
      action: 'look.template',
      targetType: 'template',
      targetId: `${t.domain}/${t.solution}/${t.terminal}`,
      before: before ? prior : null,
      after: JSON.parse(config),
    });
  });
}

/** Sets the institution's name in both languages. */
export async function saveInstitution(ctx: AdminContext, names: { name: string; name_en: string }): Promise<void> {
  assertAuthorized(ctx.actor, 'look.manage');
  const id = await enterpriseOf(ctx);
  await auditedChange(ctx, async (trx, audit) => {
    const before = await trx
      .selectFrom('enterprises')
      .select(['name', 'name_en'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (before && before.name === names.name && before.name_en === names.name_en) return;
    if (before) await trx.updateTable('enterprises').set(names).where('id', '=', id).execute();
    else
      await trx
        .insertInto('enterprises')
        .values({ id, ...names })
        .execute();
    await audit({
      action: 'look.institution',
      targetType: 'enterprise',
      targetId: id,
      before: before ?? null,
      after: names,
    });
  });
}

/** Points an enterprise image at an uploaded picture, or (url null) back to the built-in default. */
export async function saveLookImage(ctx: AdminContext, kind: string, url: string | null): Promise<void> {
  assertAuthorized(ctx.actor, 'look.manage');
  const id = await enterpriseOf(ctx);
  await auditedChange(ctx, async (trx, audit) => {
    const before = await trx
      .selectFrom('enterprise_images')
      .select('url')
      .where('enterprise_id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if ((before?.url ?? null) === url) return;
    await trx.deleteFrom('enterprise_images').where('enterprise_id', '=', id).where('kind', '=', kind).execute();
    if (url) await trx.insertInto('enterprise_images').values({ enterprise_id: id, kind, url }).execute();
    await audit({
      action: 'look.image',
      targetType: 'image-slot',
      targetId: kind,
      before: before ?? null,
      after: url ? { url } : null,
    });
  });
}
