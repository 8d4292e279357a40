import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { SCOPE_STRING, type RuntimeConfig } from '@service-hall/contracts';

import { AppError } from './app-error.ts';
import type { AppContext } from './context.ts';
import { repoRoot } from './paths.ts';

/**
 * Paths the server answers at the root of the host whatever BASE_PATH is (only the SPA and its config.json move):
 * what a reverse proxy must forward besides BASE_PATH (docs/operations.md, "Sub-path"). `graphql` is a prefix:
 * `/graphql`, `/graphiql`-like neighbours and anything after it belong to the server, never to the SPA.
 */
export const ROOT_MOUNTS = ['api', 'manage', 'graphql', 'bus', 'oidc', 'healthz', 'readyz', 'docs', 'metrics'] as const;
// Server-owned paths never fall back to the SPA: an unknown API URL must stay a 404, not an HTML page — at the root,
// and under BASE_PATH too (a client configured with the portal's sub-path as its API base gets JSON, not the page).
const SERVER_PATHS = /^\/(?:api|manage|bus|oidc|healthz|readyz|docs|metrics)(?:\/|$)|^\/graphql/;
const HASHED_ASSET = /\/assets\//;
const CALLBACK = 'workflow/oidcCallback';
// The pages of the build, never sent as plain files: they get <base href> and are chosen per request.
const PAGES = new Set(['index.html', 'phone.html']);
// apps/web/src/lib/config/device.ts and apps/web/public/boot-shell.js pick the layout by the same rule.
const PHONE_UA = /Android|iPhone|iPad|iPod|Mobile|MicroMessenger/i;

/**
 * Whether a request gets the phone build's page (phone.html: the phone layout on Preact) rather than index.html:
 * `?layout=mobile|desktop` when given, else the user-agent — the rule the web app uses to pick its layout.
 */
export function wantsPhonePage(userAgent: string | undefined, url: string): boolean {
  const at = url.indexOf('?');
  const forced = at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get('layout');
  return forced ? forced === 'mobile' : PHONE_UA.test(userAgent ?? '');
}

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

/** A page of the build with the base tag, re-read when the file changes (a rebuild while the server runs). */
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

/** The dist-relative path of a request when it names an existing file other than the pages, else null. */
async function existingFile(dist: string, rest: string): Promise<string | null> {
  let relative;
  try {
    relative = path.posix.normalize(decodeURIComponent(rest)).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (!relative || relative.startsWith('..') || relative.includes('\0') || PAGES.has(relative)) return null;
  const stat = await fs.promises.stat(path.join(dist, relative)).catch(() => null);
  return stat?.isFile() ? relative : null;
}

/**
 * Serves the built SPA (apps/web/dist) at BASE_PATH: hashed assets cached for a year, the page never cached,
 * and every other GET under BASE_PATH answered with the page so history-mode routes survive a reload. The page is
 * phone.html (the phone build, Preact) for a phone (`wantsPhonePage`) when the build has one, else index.html
 * (React, both layouts); it varies by User-Agent. Files are looked up per request, so `npm run build` while the
 * server runs takes effect without a restart.
 */
export async function spaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const base = ctx.config.basePath;
  const dist = ctx.config.webDist;
  const loadIndex = indexLoader(path.join(dist, 'index.html'), base);
  const loadPhone = indexLoader(path.join(dist, 'phone.html'), base);

  app.get(`${base}config.json`, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig(ctx);
  });
  if (base !== '/') app.get('/', async (_request, reply) => reply.redirect(base, 302));

  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ webDist: dist }, 'web app not built: run npm run build');
  }
  // serve: false — only reply.sendFile (ranges, ETag, traversal guard); routing stays in the handler below.
  // preCompressed: the build's .br/.gz twin of a file goes out with Content-Encoding to browsers that accept it.
  await app.register(fastifyStatic, {
    root: dist,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // With preCompressed the plugin itself adds Vary: Accept-Encoding to every file it sends, so caches key on it.
    setHeaders: (reply, filePath) => {
      reply.header(
        'Cache-Control',
        HASHED_ASSET.test(filePath.split(path.sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // The API_ALIASES prefixes are the API too, and so is everything under their first segment (`/infoplus/*`: the
  // OAuth siblings, the family's other paths): an unknown URL there (or a path parameter too long for the router)
  // is a JSON 404, not the page with 200 that a client of the other vendor's API cannot read ("Expected JSON").
  const aliases = [...new Set(ctx.config.apiAliases.map((prefix) => `/${prefix.split('/').filter(Boolean)[0]!}`))];
  const underAlias = (pathname: string) =>
    aliases.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const file = await existingFile(dist, pathname.slice(base.length));
    if (file) return reply.sendFile(file);
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    // A missing script or image must 404, or the browser would try to run HTML as JavaScript.
    const inBase = pathname.slice(base.length - 1);
    if (
      SERVER_PATHS.test(pathname) ||
      SERVER_PATHS.test(inBase) ||
      underAlias(pathname) ||
      (last.includes('.') && !last.endsWith('.html'))
    ) {
      throw new AppError('NOT_FOUND', 'ROUTE_NOT_FOUND');
    }
    const index =
      (wantsPhonePage(request.headers['user-agent'], request.url) ? await loadPhone() : null) ?? (await loadIndex());
    // The page depends on the user-agent: a shared cache must not give a desktop's page to a phone.
    reply.header('Vary', 'User-Agent');
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
