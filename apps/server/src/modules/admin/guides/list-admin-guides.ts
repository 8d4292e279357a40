import type { AdminGuide } from '@service-hall/contracts';

import type { AdminContext } from '../admin-context.ts';
import { authorize } from '../admin-policy.ts';

/** The guides the actor may edit (every guide for a system administrator), newest change first, with their content. */
export async function listAdminGuides(ctx: AdminContext): Promise<AdminGuide[]> {
  const guides = await ctx.db.selectFrom('guides').selectAll().orderBy('update_time', 'desc').execute();
  const steps = await ctx.db.selectFrom('guide_steps').selectAll().orderBy('step_no').execute();
  const links = await ctx.db
    .selectFrom('guide_step_apps')
    .innerJoin('apps', 'apps.id', 'guide_step_apps.app_id')
    .select(['guide_step_apps.guide_id', 'guide_step_apps.guide_step_id', 'apps.id', 'apps.code'])
    .execute();
  return guides.flatMap((g) => {
    const own = links.filter((l) => l.guide_id === g.id);
    if (!authorize(ctx.actor, 'guide.write', { appIds: [...new Set(own.map((l) => l.id))] })) return [];
    return [
      {
        id: g.id,
        state: g.state,
        updateTime: Number(g.update_time),
        updateUser: g.update_user,
        title: g.title,
        title_en: g.title_en,
        keyword: g.keyword,
        mainpic: g.mainpic,
        steps: steps
          .filter((s) => s.guide_id === g.id)
          .map((s) => ({
            title: s.step_title,
            title_en: s.step_title_en,
            html: s.context,
            html_en: s.context_en,
            apps: own.filter((l) => l.guide_step_id === s.id).map((l) => l.code),
          })),
      },
    ];
  });
}
