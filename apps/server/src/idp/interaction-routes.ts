import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';

import type { AppContext } from '../platform/context.ts';
import { isDatabaseUnreachable, isStorageFailure } from '../platform/error-handler.ts';
import { SIGN_IN_LIMIT_PER_MINUTE } from '../platform/rate-limit.ts';
import { closeRedisClient, createRedisClient } from '../platform/redis-client.ts';
import { casLogin, casLoginUrl } from './cas-login.ts';
import { checkCredentials } from './check-credentials.ts';
import { errorPage, signInPage, storageUnavailablePage } from './idp-pages.ts';
import { idpText } from './idp-text.ts';
import { createLoginThrottle, createRedisLoginThrottle } from './login-throttle.ts';
import { IDP_PREFIX, idpLocale } from './provider-options.ts';

const params = z.object({
  uid: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});
const pageQuery = z.object({ lang: z.enum(['zh', 'en']).optional(), account: z.string().max(100).optional() });
const loginBody = z.object({
  username: z.string().max(100).default(''),
  password: z.string().max(200).default(''),
  lang: z.enum(['zh', 'en']).optional(),
});

/**
 * Our sign-in page for oidc-provider interactions. The login prompt shows the form; the consent prompt is granted
 * at once, because the only client is our own portal asking for the scopes it was built with.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { ctx, provider }: { ctx: AppContext; provider: Provider },
): Promise<void> {
  // With REDIS_URL the failure counters are shared by every instance.
  const redis = ctx.config.redisUrl
    ? createRedisClient(ctx.config.redisUrl, 'commands', app.log, ctx.config.redisPrefix)
    : null;
  const throttle = redis ? createRedisLoginThrottle(redis) : createLoginThrottle();
  if (redis) app.addHook('onClose', async () => closeRedisClient(redis));
  const showDemo = ctx.config.seed === 'demo';
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    extra: { status?: number; error?: string; username?: string; lang?: string; uiLocales?: unknown },
  ) => {
    const query = pageQuery.safeParse(request.query);
    // ?lang= (the page's own switch), then the portal's language (ui_locales), then Accept-Language.
    const hinted = typeof extra.uiLocales === 'string' ? extra.uiLocales.split(' ')[0] : undefined;
    const locale = idpLocale(
      extra.lang ?? (query.success ? query.data.lang : undefined) ?? hinted,
      request.headers['accept-language'],
    );
    return html(
      reply,
      extra.status ?? 200,
      signInPage({
        locale,
        showDemo,
        action: `${IDP_PREFIX}/interaction/${uid}/login`,
        selfUrl: `${IDP_PREFIX}/interaction/${uid}`,
        username: extra.username ?? (query.success ? query.data.account : undefined),
        error: extra.error,
      }),
    );
  };

  // An expired or unknown interaction (page left open for an hour, cookies cleared) gets a page that leads back
  // to the portal, which starts a fresh sign-in, instead of a JSON error.
  app.setErrorHandler((error: Error & { statusCode?: number; error?: string }, request, reply) => {
    if (isStorageFailure(error) || isDatabaseUnreachable(error)) {
      // A full disk or an unreachable database is a wait for the user, not a broken sign-in: a page saying so, 503,
      // and /readyz fails (held for a storage failure; for as long as the database does not answer otherwise).
      if (isStorageFailure(error)) {
        request.log.error({ err: error }, 'database storage failure');
        request.server.storageHealth.fail();
      } else {
        request.log.error({ err: error }, 'database unreachable');
      }
      const locale = idpLocale((request.query as { lang?: string } | null)?.lang, request.headers['accept-language']);
      return html(
        reply.header('retry-after', '60'),
        503,
        storageUnavailablePage(locale, `${ctx.config.publicUrl}${ctx.config.basePath}`),
      );
    }
    if (!error.error || (error.statusCode ?? 500) >= 500) throw error;
    request.log.info({ event: 'signin.interaction_error', error: error.error }, 'sign-in interaction failed');
    const locale = idpLocale((request.query as { lang?: string } | null)?.lang, request.headers['accept-language']);
    return html(
      reply,
      error.statusCode ?? 400,
      errorPage(locale, error.error, undefined, `${ctx.config.publicUrl}${ctx.config.basePath}`),
    );
  });

  if (ctx.config.cas) await app.register(casLogin, { ctx, provider });

  app.get(`${IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
    const { uid } = params.parse(request.params);
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === 'login') {
      // With CAS_URL the institution's CAS server asks for the password, not our form (idp/cas-login.ts).
      return ctx.config.cas
        ? reply.redirect(casLoginUrl(ctx, uid), 303)
        : page(request, reply, uid, { uiLocales: details.params.ui_locales });
    }
    // consent: grant what the portal asked for.
    const { prompt, params: authParams, session } = details;
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId: session!.accountId, clientId: String(authParams.client_id) });
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    const to = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
    return reply.redirect(to, 303);
  });

  app.post(
    `${IDP_PREFIX}/interaction/:uid/login`,
    {
      config: { rateLimit: { max: SIGN_IN_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { uid } = params.parse(request.params);
      const body = loginBody.parse(request.body ?? {});
      const details = await provider.interactionDetails(request.raw, reply.raw);
      // Under CAS no password is checked here: back to the interaction, which sends the browser to CAS.
      if (details.prompt.name !== 'login' || ctx.config.cas)
        return reply.redirect(`${IDP_PREFIX}/interaction/${uid}`, 303);
      const t = idpText[idpLocale(body.lang, request.headers['accept-language'])];
      const result = await checkCredentials(ctx.db, throttle, {
        username: body.username,
        password: body.password,
        ip: request.ip,
        now: Math.floor(Date.now() / 1000),
      });
      if (!result.ok) {
        ctx.metrics.signInFailures.inc({ reason: result.reason });
        request.log.warn(
          {
            security: true,
            event: 'signin.failed',
            reason: result.reason,
            account: body.username.slice(0, 100),
            ip: request.ip,
          },
          'sign-in failed',
        );
        const error =
          result.reason === 'throttled'
            ? t.throttled.replace('{minutes}', String(Math.ceil(result.retryAfter / 60)))
            : result.reason === 'missing'
              ? t.missing
              : t.badCredentials;
        if (result.reason === 'throttled') reply.header('Retry-After', String(result.retryAfter));
        return page(request, reply, uid, {
          status: result.reason === 'throttled' ? 429 : 401,
          error,
          username: body.username,
          lang: body.lang,
        });
      }
      request.log.info({ event: 'signin.succeeded', account: result.account, ip: request.ip }, 'signed in');
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.account } },
        { mergeWithLastSubmission: false },
      );
      // The portal is on this origin: the language chosen on this page comes back with the user (a preference,
      // readable by the SPA and gone in five minutes; see apps/web/src/app/auth/sign-in-locale.ts).
      // Appended on the raw response: oidc-provider may have set its own cookies there already.
      if (body.lang) {
        const prev = reply.raw.getHeader('set-cookie');
        const list = prev === undefined ? [] : Array.isArray(prev) ? prev : [String(prev)];
        reply.raw.setHeader('set-cookie', [...list, `sh_locale=${body.lang}; Path=/; Max-Age=300; SameSite=Lax`]);
      }
      return reply.redirect(to, 303);
    },
  );
}
