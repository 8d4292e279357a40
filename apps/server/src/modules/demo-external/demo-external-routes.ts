import type { FastifyInstance } from 'fastify';

import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';

/** Where the demo catalogue's external apps point: a page of ours instead of addresses that do not exist. */
export const DEMO_EXTERNAL_PREFIX = '/demo-external';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A stand-in for the demo university's other systems (教务系统, 财务系统…): opening an external app of the demo
 * catalogue shows what would open there, in both languages, instead of a browser error. Public like the page a
 * real external system would show before its own sign-in; it reads only the names of systems and apps.
 */
export async function demoExternalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Params: { system: string; '*': string } }>(`${DEMO_EXTERNAL_PREFIX}/:system/*`, async (request, reply) => {
    const system = await ctx.db
      .selectFrom('systems')
      .select(['name', 'name_en'])
      .where('id', '=', request.params.system)
      .executeTakeFirst();
    if (!system) throw new AppError('NOT_FOUND', 'ROUTE_NOT_FOUND');
    const uri = `${DEMO_EXTERNAL_PREFIX}/${request.params.system}/${request.params['*']}`;
    const target = await ctx.db
      .selectFrom('apps')
      .select(['name', 'name_en'])
      .where('uri', '=', uri)
      .executeTakeFirst();
    const zh = escapeHtml(target?.name ?? system.name);
    const en = escapeHtml(target?.name_en || target?.name || system.name_en);
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(system.name)} · ${escapeHtml(system.name_en)}</title></head>
<body style="margin:0;font-family:system-ui,'Noto Sans CJK SC',sans-serif;background:#f3f5f9;color:#1d2939">
<header style="background:#344054;color:#fff;padding:14px 24px;font-size:18px;font-weight:600">${escapeHtml(system.name)} <span lang="en" style="font-weight:400">· ${escapeHtml(system.name_en)}</span></header>
<main style="max-width:640px;margin:32px auto;padding:24px;background:#fff;border-radius:12px">
<h1 style="font-size:22px;margin:0 0 12px">${zh}</h1>
<p>这是演示用的外部系统页面。在真实部署中，「${zh}」会在学校的${escapeHtml(system.name)}中打开，由该系统自己登录和办理。</p>
<p lang="en">This page stands in for an external system of the demo university. In a real deployment "${en}" opens in the ${escapeHtml(system.name_en)}, which signs you in and handles it itself.</p>
<p style="color:#475467">关闭此标签页即可回到网上办事大厅。 <span lang="en">Close this tab to return to the Service Hall.</span></p>
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
