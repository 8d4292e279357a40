import { z } from 'zod';

import { listOf, oneOf } from '../envelope.ts';
import { SCOPES } from '../scopes.ts';
import { route } from './route.ts';

/**
 * Systems and their registered OAuth clients, managed by system administrators: a *system* owns
 * apps; a *system client* (client_credentials, secret shown once) acts as its system; a *public client* is a
 * native or command-line tool signing people in with PKCE on a loopback redirect (RFC 8252); a *confidential
 * client* is a tool that holds a secret and signs people in with the authorization code (PKCE unless a system
 * administrator allowed it to go without, `allowNoPkce`).
 */

export const CLIENT_KINDS = ['system', 'public', 'confidential'] as const;

/** The scopes a registered client may be allowed: every API scope (the OpenID ones are added by the IdP). */
export const CLIENT_SCOPES = SCOPES.filter((s) => s !== 'openid');

const systemId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{1,63}$/, 'lower-case letters, digits, - and _; 2 to 64');
const clientId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{2,63}$/, 'lower-case letters, digits, ".", - and _; 3 to 64');
const appCodes = z.array(z.string().trim().min(1).max(64)).max(500);
/**
 * Where a system lives; its callbacks must stay under it (scheme, host, port and path). Credentials are refused:
 * a callback would carry them to the system on every delivery. A path (`/demo-external/sys-jwxt`) is a system
 * served by this portal itself, resolved against PUBLIC_URL and BASE_PATH; the demo's systems are such.
 */
const baseUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(https?:\/\/\S+|\/(?!\/)\S*)?$/, 'an http(s) address or a path on this portal')
  .refine(
    (v) => !/^https?:\/\/\S+$/.test(v) || (URL.canParse(v) && !new URL(v).username && !new URL(v).password),
    'an http(s) address without a user name or password',
  );
const scopes = z.array(z.enum(CLIENT_SCOPES)).min(1).max(CLIENT_SCOPES.length);

/**
 * A loopback redirect of a native app (RFC 8252 §7.3): `http://127.0.0.1/…` or `http://[::1]/…`. The port is left
 * out or given as any number; the IdP accepts every port at sign-in. `localhost` is refused (§8.3: a name can be
 * made to point elsewhere), and so are fragments and any other host.
 */
export function isLoopbackRedirect(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === '[::1]') &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    uri.length <= 500
  );
}

/** A confidential client's redirect: https (no credentials, no fragment), or a loopback address. */
export function isConfidentialRedirect(uri: string): boolean {
  if (isLoopbackRedirect(uri)) return true;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' && url.hash === '' && url.username === '' && url.password === '' && uri.length <= 500
  );
}
// Each URI must suit some kind; which kinds a URI suits is checked with the kind (the create body, or the server).
const redirectUris = z
  .array(
    z
      .string()
      .trim()
      .refine(
        isConfidentialRedirect,
        'must be a loopback address (http://127.0.0.1:{port}/path, http://[::1]:{port}/path) or an https address',
      ),
  )
  .max(10);
const LOOPBACK_ONLY = 'must be a loopback address: http://127.0.0.1:{port}/path or http://[::1]:{port}/path';

export const AdminSystem = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Where the system's own pages live (links of its external items start here). */
  baseUrl: z.string(),
  enabled: z.boolean(),
  /** Codes of the apps this system owns: its clients may act only for these. */
  apps: z.array(z.string()),
  /** How many clients are registered for it. */
  clients: z.number().int(),
  /** Whether a callback secret has been issued (callbacks to the system are signed with it; never shown again). */
  callbackSecret: z.boolean(),
  /** After a rotation, until when the previous callback secret still signs beside the new one; else null. */
  previousCallbackSecretValidUntil: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminSystem = z.infer<typeof AdminSystem>;

export const AdminClient = z.object({
  clientId: z.string(),
  name: z.string(),
  kind: z.enum(CLIENT_KINDS),
  /** The system a system client acts as; null for public and confidential clients. */
  systemId: z.string().nullable(),
  scopes: z.array(z.string()),
  redirectUris: z.array(z.string()),
  enabled: z.boolean(),
  /**
   * A confidential client may sign in without PKCE (always false for other kinds). Off unless a system administrator
   * turned it on: an authorization code intercepted on its way back can then be redeemed by whoever also holds the
   * client's secret, with nothing binding the code to the request that asked for it.
   */
  allowNoPkce: z.boolean(),
  /** When the current secret was issued (system clients). */
  secretRotatedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** Only in the answer that created or rotated it: shown once, never stored, never shown again. */
  clientSecret: z.string().optional(),
});
export type AdminClient = z.infer<typeof AdminClient>;

const systemParams = z.object({ id: z.string().min(1).max(64) });
const clientParams = z.object({ clientId: z.string().min(1).max(64) });

export const listSystemsRoute = route({
  operationId: 'adminListSystems',
  summary: 'Systems and the apps they own (system administrators)',
  method: 'GET',
  path: '/api/admin/systems',
  scope: null,
  tag: 'admin',
  reply: listOf(AdminSystem),
  errors: ['FORBIDDEN'],
});

export const createSystemRoute = route({
  operationId: 'adminCreateSystem',
  summary: 'Register a system; `apps` names the apps it owns',
  method: 'POST',
  path: '/api/admin/systems',
  scope: null,
  tag: 'admin',
  encoding: 'json',
  body: z.object({
    id: systemId,
    name: z.string().trim().min(1).max(60),
    nameEn: z.string().trim().max(120).default(''),
    baseUrl: baseUrl.default(''),
    apps: appCodes.default([]),
  }),
  reply: oneOf(AdminSystem),
  errors: ['FORBIDDEN', 'CONFLICT'],
});

export const editSystemRoute = route({
  operationId: 'adminEditSystem',
  summary: 'Change a system; fields left out stay as they are (`apps` replaces the list)',
  method: 'PUT',
  path: '/api/admin/systems/:id',
  scope: null,
  tag: 'admin',
  encoding: 'json',
  params: systemParams,
  body: z.object({
    name: z.string().trim().min(1).max(60).optional(),
    nameEn: z.string().trim().max(120).optional(),
    baseUrl: baseUrl.optional(),
    enabled: z.boolean().optional(),
    apps: appCodes.optional(),
  }),
  reply: oneOf(AdminSystem),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const rotateSystemCallbackSecretRoute = route({
  operationId: 'adminRotateSystemCallbackSecret',
  summary: 'A new secret for signing callbacks to a system, answered once; the previous one signs beside it for a day',
  method: 'POST',
  path: '/api/admin/systems/:id/callback-secret',
  scope: null,
  tag: 'admin',
  params: systemParams,
  reply: oneOf(z.object({ secret: z.string(), previousValidUntil: z.number().int().nullable() })),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const listClientsRoute = route({
  operationId: 'adminListClients',
  summary: 'Registered OAuth clients, of one system with `systemId` (system administrators)',
  method: 'GET',
  path: '/api/admin/clients',
  scope: null,
  tag: 'admin',
  query: z.object({ systemId: z.string().max(64).optional() }),
  reply: listOf(AdminClient),
  errors: ['FORBIDDEN'],
});

export const createClientRoute = route({
  operationId: 'adminCreateClient',
  summary:
    'Register a client: a system or confidential client (answer carries its secret, once) or a public PKCE client',
  method: 'POST',
  path: '/api/admin/clients',
  scope: null,
  tag: 'admin',
  encoding: 'json',
  body: z
    .object({
      kind: z.enum(CLIENT_KINDS),
      /** Chosen by the administrator, or made up from the system's id. */
      clientId: clientId.optional(),
      name: z.string().trim().min(1).max(100),
      systemId: z.string().trim().min(1).max(64).optional(),
      scopes,
      redirectUris: redirectUris.default([]),
      allowNoPkce: z.boolean().default(false),
    })
    .superRefine((c, ctx) => {
      if (c.kind !== 'system' && c.systemId)
        ctx.addIssue({ code: 'custom', path: ['systemId'], message: `a ${c.kind} client belongs to no system` });
      if (c.kind === 'confidential' && c.redirectUris.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['redirectUris'], message: 'a confidential client needs a redirect URI' });
      }
      if (c.kind !== 'confidential' && c.allowNoPkce) {
        ctx.addIssue({
          code: 'custom',
          path: ['allowNoPkce'],
          message: 'only a confidential client may go without PKCE',
        });
      }
      c.redirectUris.forEach((uri, i) => {
        if (c.kind === 'public' && !isLoopbackRedirect(uri))
          ctx.addIssue({ code: 'custom', path: ['redirectUris', i], message: LOOPBACK_ONLY });
      });
      if (c.kind === 'system' && !c.systemId)
        ctx.addIssue({ code: 'custom', path: ['systemId'], message: 'required for a system client' });
      if (c.kind === 'system' && c.redirectUris.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['redirectUris'], message: 'a system client has no redirect URIs' });
      }
      if (c.kind === 'public' && c.redirectUris.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['redirectUris'],
          message: 'a public client needs a loopback redirect URI',
        });
      }
    }),
  reply: oneOf(AdminClient),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const editClientRoute = route({
  operationId: 'adminEditClient',
  summary: 'Change a client’s name, scopes, redirect URIs, PKCE switch, or switch it off',
  method: 'PUT',
  path: '/api/admin/clients/:clientId',
  scope: null,
  tag: 'admin',
  encoding: 'json',
  params: clientParams,
  body: z.object({
    name: z.string().trim().min(1).max(100).optional(),
    scopes: scopes.optional(),
    redirectUris: redirectUris.optional(),
    enabled: z.boolean().optional(),
    /** Confidential clients only (409 otherwise). */
    allowNoPkce: z.boolean().optional(),
  }),
  reply: oneOf(AdminClient),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const rotateClientSecretRoute = route({
  operationId: 'adminRotateClientSecret',
  summary: 'Give a system or confidential client a new secret (shown once); the old one stops working at once',
  method: 'POST',
  path: '/api/admin/clients/:clientId/secret',
  scope: null,
  tag: 'admin',
  params: clientParams,
  reply: oneOf(AdminClient),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});
