import { z } from 'zod';

import { listOf, oneOf } from '../envelope.ts';
import { route } from './route.ts';

/**
 * Process definitions as data: list, versions, export, templates and publish, for system administrators
 * and for app administrators on their apps' definitions. Members are refused (FORBIDDEN). Names come in the request's
 * language; a definition's JSON is given and taken as the engine reads it (packages/engine/README.md).
 */
const codeParams = z.object({ code: z.string().min(1).max(64) });
const versionParams = codeParams.extend({ version: z.coerce.number().int().min(1) });

export const DefinitionVersionInfo = z.object({
  version: z.number().int(),
  source: z
    .enum(['template', 'published'])
    .describe('template: a built-in flow stored at start; published: by an administrator'),
  publishedBy: z.string().nullable().describe('The account that published it (cli:<user> from the admin CLI)'),
  publishedAt: z.number().int().describe('Seconds since the epoch'),
  running: z.number().int().describe('Processes of this version still running'),
});

const DefinitionApp = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const DefinitionSummary = z.object({
  code: z.string(),
  name: z.string(),
  latest: DefinitionVersionInfo,
  apps: z.array(DefinitionApp),
});

export const DefinitionVersions = z.object({
  code: z.string(),
  name: z.string(),
  versions: z.array(DefinitionVersionInfo),
  apps: z.array(DefinitionApp),
});

export const DefinitionTemplate = z.object({ code: z.string(), name: z.string(), version: z.number().int() });

/** A definition's JSON (code, version, name, form, steps …); checked by the engine on publish, not here. */
export const DefinitionJson = z.record(z.string(), z.unknown());

export const PublishDefinitionBody = z.object({
  definition: DefinitionJson,
  dryRun: z.boolean().optional().describe('Check only: say which version it would get, store nothing'),
});

export const PublishResult = z.object({
  code: z.string(),
  version: z.number().int(),
  published: z.boolean(),
  unchanged: z.boolean().describe('The JSON equals the newest version: nothing stored (retries land here)'),
  dryRun: z.boolean(),
});

export const listDefinitionsRoute = route({
  operationId: 'adminListDefinitions',
  summary: 'Definitions the caller administers, with their newest version',
  method: 'GET',
  path: '/api/admin/definitions',
  scope: 'app',
  tag: 'admin',
  reply: listOf(DefinitionSummary),
  errors: ['FORBIDDEN'],
});

export const listDefinitionTemplatesRoute = route({
  operationId: 'adminListDefinitionTemplates',
  summary: 'The built-in flows shipped with the program, to publish for an app',
  method: 'GET',
  path: '/api/admin/definitions/templates',
  scope: 'app',
  tag: 'admin',
  reply: listOf(DefinitionTemplate),
  errors: ['FORBIDDEN'],
});

export const getDefinitionTemplateRoute = route({
  operationId: 'adminGetDefinitionTemplate',
  summary: "One built-in flow's JSON as shipped",
  method: 'GET',
  path: '/api/admin/definitions/templates/:code',
  scope: 'app',
  tag: 'admin',
  params: codeParams,
  reply: oneOf(DefinitionJson),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const getDefinitionVersionsRoute = route({
  operationId: 'adminGetDefinitionVersions',
  summary: 'Every stored version of a definition, newest first',
  method: 'GET',
  path: '/api/admin/definitions/:code',
  scope: 'app',
  tag: 'admin',
  params: codeParams,
  reply: oneOf(DefinitionVersions),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const exportDefinitionRoute = route({
  operationId: 'adminExportDefinition',
  summary: "A stored version's JSON (what publish takes back)",
  method: 'GET',
  path: '/api/admin/definitions/:code/versions/:version',
  scope: 'app',
  tag: 'admin',
  params: versionParams,
  reply: oneOf(DefinitionJson),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const publishDefinitionRoute = route({
  operationId: 'adminPublishDefinition',
  summary:
    "Publish a definition as its next version (running processes keep theirs); 400 names each problem's node or field",
  method: 'POST',
  path: '/api/admin/definitions',
  scope: 'app',
  encoding: 'json',
  tag: 'admin',
  body: PublishDefinitionBody,
  reply: oneOf(PublishResult),
  errors: ['FORBIDDEN', 'CONFLICT'],
});
