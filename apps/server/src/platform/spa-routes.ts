import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SCOPE_STRING, type RuntimeConfig } from '@service-hall/contracts';
import type { AppContext } from './context.ts';
import { AppError } from './app-error.ts';

// Server-owned paths never fall back to the SPA: an unknown API URL must stay a 404, not an HTML page.
const SERVER_PATHS = /^\/(api|manage|graphql|bus|oidc|healthz|readyz|docs|metrics)(\/|$)/;
const HASHED_ASSET = /\/assets\//;
const CALLBACK = 'workflow/oidcCallback';

const rootPackage = path.resolve(import.meta.dirname, '../../../../package.json');
const version = (JSON.parse(fs.readFileSync(rootPackage, 'utf8')) as { version: string }).version;

/** The runtime config the SPA fetches from BASE_PATH/config.json (packages/contracts/src/config.ts). */
export function runtimeConfig(ctx: AppContext): RuntimeConfig {
  const { config } = ctx;
  return {
    basePath: config.basePath,
    // The APIs are mounted at the root whatever BASE_PATH is; only the SPA moves.
    apiBase: '/api',
    taskCentreBase: '',
    taskApi: config.taskApi,
    guideBus: '/bus/graphql',
    eventsUrl: '/api/me/events',
    oidc: {
      authority: config.oidcIssuer ?? `${config.publicUrl}/oidc`,
      clientId: config.oidcClientId,
      responseType: config.oidcResponseType,
      scope: SCOPE_STRING,
    },
    publicMode: config.publicMode,
    version,
  };
}

/** index.html with `<base href>` so the relative asset URLs of the `base: './'` build resolve under BASE_PATH. */
export function withBaseHref(html: string, basePath: string): string {
  const tag = `<base href="${basePath.replace(/"/g, '&quot;')}">`;
  if (html.includes('<!--base-href-->')) return html.replace('<!--base-href-->', tag);
  return html.replace(/<head[^>]*>/i, (head) => `${head}${tag}`);
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Service Hall / 网上办事大厅</title></head>
<body><h1>The web app is not built yet / 前端尚未构建</h1><p>Run <code>npm run build</code>, then restart the server.</p>
<p>请先运行 <code>npm run build</code>，然后重启服务。</p></body></html>`;

/**
 * Serves the built SPA (apps/web/dist) at BASE_PATH: hashed assets cached for a year, index.html never cached,
 * and every other GET under BASE_PATH answered with index.html so history-mode routes survive a reload.
 */
export async function spaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const base = ctx.config.basePath;
  const dist = ctx.config.webDist;
  const indexFile = path.join(dist, 'index.html');

  app.get(`${base}config.json`, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig(ctx);
  });
  if (base !== '/') app.get('/', async (_request, reply) => reply.redirect(base, 302));

  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: dist, prefix: base, wildcard: false, index: false, globIgnore: ['index.html'], cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', HASHED_ASSET.test(filePath.split(path.sep).join('/'))
          ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist: dist }, 'web app not built: run npm run build');
  }
  // Read once: a rebuilt SPA is picked up by a restart, like its hashed asset list.
  const index = built ? withBaseHref(fs.readFileSync(indexFile, 'utf8'), base) : null;

  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    // A missing script or image must 404, or the browser would try to run HTML as JavaScript.
    if (SERVER_PATHS.test(pathname) || last.includes('.') && !last.endsWith('.html')) {
      throw new AppError('NOT_FOUND', 'ROUTE_NOT_FOUND');
    }
    if (!index) return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(notBuiltPage);
    // The implicit flow's tokens arrive in this page's fragment; never leak its URL to another origin.
    if (pathname.endsWith(CALLBACK)) reply.header('Referrer-Policy', 'no-referrer');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(index);
  };
  app.get(base, fallback);
  app.get(`${base}*`, fallback);
}
