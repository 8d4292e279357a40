import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';

import { ACCOUNT_MAX_LENGTH } from '../auth/token-claims.ts';
import { provisionUser } from '../auth/user-directory.ts';
import type { AppContext } from '../platform/context.ts';
import { CasRejected, validateTicket, type CasPrincipal } from './cas-ticket.ts';
import { errorPage } from './idp-pages.ts';
import { idpText } from './idp-text.ts';
import { IDP_PREFIX, idpLocale } from './provider-options.ts';

const params = z.object({
  uid: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});
const callbackQuery = z.object({
  ticket: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[\x21-\x7e]+$/),
});

/** Where CAS sends the browser back to with a ticket: per interaction, so the ticket finds its sign-in. */
export const casService = (ctx: AppContext, uid: string): string =>
  `${ctx.config.publicUrl}${IDP_PREFIX}/interaction/${uid}/cas`;

/** The CAS login page for an interaction (CAS_URL/login?service=…). */
export const casLoginUrl = (ctx: AppContext, uid: string): string =>
  `${ctx.config.cas!.url}/login?${new URLSearchParams({ service: casService(ctx, uid) }).toString()}`;

/** The member a CAS principal describes: the first released attribute of each configured name (CAS_ATTRIBUTES). */
function describe(ctx: AppContext, principal: CasPrincipal) {
  const first = (names: string[]) => names.map((n) => principal.attributes[n]?.[0]).find((v) => v !== undefined);
  const map = ctx.config.cas!.attributes;
  return { name: first(map.name), email: first(map.email), department: first(map.department) };
}

/**
 * Sign-in handed to the institution's CAS server (CAS_URL): the embedded IdP redirects its login prompt to CAS,
 * CAS sends the browser back here with a service ticket, the ticket is validated server to server
 * (`/p3/serviceValidate`), and the CAS user becomes the OIDC session's account — provisioned from the released
 * attributes on first sign-in. The portal and the API keep speaking OpenID Connect to the embedded IdP.
 */
export async function casLogin(
  app: FastifyInstance,
  { ctx, provider }: { ctx: AppContext; provider: Provider },
): Promise<void> {
  const fail = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    key: 'casFailed' | 'casUnavailable' | 'casAccountTooLong',
    code: string,
  ) => {
    const locale = idpLocale(undefined, request.headers['accept-language']);
    const text = idpText[locale][key].replace('{max}', String(ACCOUNT_MAX_LENGTH));
    return reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(errorPage(locale, code, text, `${ctx.config.publicUrl}${ctx.config.basePath}`));
  };

  app.get(`${IDP_PREFIX}/interaction/:uid/cas`, async (request, reply) => {
    const { uid } = params.parse(request.params);
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return fail(request, reply, 400, 'casFailed', 'MISSING_TICKET');
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name !== 'login') return reply.redirect(`${IDP_PREFIX}/interaction/${uid}`, 303);
    let principal: CasPrincipal;
    try {
      principal = await validateTicket(ctx.config.cas!.url, casService(ctx, uid), query.data.ticket);
    } catch (err) {
      if (err instanceof CasRejected) {
        ctx.metrics.signInFailures.inc({ reason: 'cas_refused' });
        request.log.warn(
          { security: true, event: 'signin.failed', reason: `cas:${err.code}`, ip: request.ip },
          'CAS refused the ticket',
        );
        return fail(request, reply, 401, 'casFailed', err.code);
      }
      ctx.metrics.signInFailures.inc({ reason: 'cas_unavailable' });
      request.log.error({ err, event: 'cas.unavailable' }, 'CAS ticket validation failed');
      return fail(request, reply, 502, 'casUnavailable', 'CAS_UNAVAILABLE');
    }
    // The CAS user is the account, whole: cutting it would let two long principals sharing a prefix become one
    // account. One longer than any account may be is refused, never mapped.
    const account = principal.user;
    if (account.length > ACCOUNT_MAX_LENGTH) {
      ctx.metrics.signInFailures.inc({ reason: 'cas_account_too_long' });
      request.log.warn(
        {
          security: true,
          event: 'signin.failed',
          reason: 'cas:ACCOUNT_TOO_LONG',
          length: account.length,
          account: account.slice(0, ACCOUNT_MAX_LENGTH),
          ip: request.ip,
        },
        'CAS named an account longer than accounts may be',
      );
      return fail(request, reply, 403, 'casAccountTooLong', 'ACCOUNT_TOO_LONG');
    }
    const known = await ctx.db.selectFrom('users').select('disabled').where('account', '=', account).executeTakeFirst();
    if (!known) await provisionUser(ctx, account, describe(ctx, principal));
    if (known?.disabled === 1) {
      ctx.metrics.signInFailures.inc({ reason: 'disabled' });
      request.log.warn(
        { security: true, event: 'signin.failed', reason: 'disabled', account, ip: request.ip },
        'sign-in failed',
      );
      return fail(request, reply, 403, 'casFailed', 'ACCOUNT_DISABLED');
    }
    request.log.info(
      { event: 'signin.succeeded', via: 'cas', account, provisioned: !known, ip: request.ip },
      'signed in',
    );
    const to = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: account } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(to, 303);
  });
}
