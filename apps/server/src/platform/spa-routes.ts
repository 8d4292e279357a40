import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SCOPE_STRING, type RuntimeConfig } from '@service-hall/contracts';
import type { AppContext } from './context.ts';
import { AppError } from './app-error.ts';
import { repoRoot } from './paths.ts';

// Server-owned paths never fall back to the SPA: an unknown API URL must stay a 404, not an HTML page.
const SERVER_PATHS = /^\/(api|manage|graphql|bus|oidc|healthz|readyz|docs|metrics)(\/|$)/;
const HASHED_ASSET = /\/assets\//;
const CALLBACK = 'workflow/oidcCallback';

const rootPackage = path.join(repoRoot, 'package.json');
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

/** index.html with the base tag, re-read when the file changes (a rebuild while the server runs). */
function indexLoader(file: string, basePath: string): () => Promise<string | null> {
  let cached: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, html: withBaseHref(await fs.promises.readFile(file, 'utf8'), basePath) };
    }
    return cached.html;
  };
}

/** The dist-relative path of a request when it names an existing file other than index.html, else null. */
async function existingFile(dist: string, rest: string): Promise<string | null> {
  let relative;
  try {
    relative = path.posix.normalize(decodeURIComponent(rest)).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (!relative || relative.startsWith('..') || relative.includes('\0') || relative === 'index.html') return null;
  const stat = await fs.promises.stat(path.join(dist, relative)).catch(() => null);
  return stat?.isFile() ? relative : null;
}

/**
 * Serves the built SPA (apps/web/dist) at BASE_PATH: hashed assets cached for a year, index.html never cached,
 * and every other GET under BASE_PATH answered with index.html so history-mode routes survive a reload. Files
 * are looked up per request, so `npm run build` while the server runs takes effect without a restart.
 */
export async function spaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const base = ctx.config.basePath;
  const dist = ctx.config.webDist;
  const loadIndex = indexLoader(path.join(dist, 'index.html'), base);

  app.get(`${base}config.json`, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig(ctx);
  });
  if (base !== '/') app.get('/', async (_request, reply) => reply.redirect(base, 302));

  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ webDist: dist }, 'web app not built: run npm run build');
  }
  // serve: false — only reply.sendFile (ranges, ETag, traversal guard); routing stays in the handler below.
  await app.register(fastifyStatic, {
    root: dist, serve: false, index: false, cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', HASHED_ASSET.test(filePath.split(path.sep).join('/'))
        ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const file = await existingFile(dist, pathname.slice(base.length));
    if (file) return reply.sendFile(file);
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    // A missing script or image must 404, or the browser would try to run HTML as JavaScript.
    if (SERVER_PATHS.test(pathname) || (last.includes('.') && !last.endsWith('.html'))) {
      throw new AppError('NOT_FOUND', 'ROUTE_NOT_FOUND');
    }
    const index = await loadIndex();
    if (!index) {
      return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(notBuiltPage);
    }
    // The implicit flow's tokens arrive in this page's fragment; never leak its URL to another origin.
    if (pathname.endsWith(CALLBACK)) reply.header('Referrer-Policy', 'no-referrer');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(index);
  };
  app.get(base, handler);
  app.get(`${base}*`, handler);
}
