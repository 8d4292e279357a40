import { z } from 'zod';

import { listOf, nothing, oneOf } from '../envelope.ts';
import { idParamSchema } from '../queries.ts';
import { route } from './route.ts';

/** A guide as the console writes it: steps of rich text (sanitised on save and on render) linking apps by code. */
export const AdminGuideFields = z.object({
  title: z.string().max(100),
  title_en: z.string().max(200).optional(),
  keyword: z.string().max(200).optional(),
  mainpic: z.string().max(300).optional(),
  steps: z
    .array(
      z.object({
        title: z.string().max(100),
        title_en: z.string().max(200).optional(),
        html: z.string().max(100_000).optional(),
        html_en: z.string().max(100_000).optional(),
        apps: z.array(z.string().max(64)).max(20).optional(),
      }),
    )
    .max(30),
});
export type AdminGuideFields = z.input<typeof AdminGuideFields>;

/** A guide in the console's list and editor: its content, state (0 draft, 1 published) and last change. */
export const AdminGuide = z.object({
  id: z.string(),
  state: z.number().int(),
  updateTime: z.number().int(),
  updateUser: z.string(),
  title: z.string(),
  title_en: z.string(),
  keyword: z.string(),
  mainpic: z.string(),
  steps: z.array(
    z.object({
      title: z.string(),
      title_en: z.string(),
      html: z.string(),
      html_en: z.string(),
      apps: z.array(z.string()),
    }),
  ),
});
export type AdminGuide = z.infer<typeof AdminGuide>;

export const listAdminGuidesRoute = route({
  operationId: 'listAdminGuides',
  summary: 'Guides I may edit (every guide for a system administrator), drafts too',
  method: 'GET',
  path: '/api/admin/guides',
  scope: 'app',
  tag: 'admin',
  reply: listOf(AdminGuide),
  errors: ['FORBIDDEN'],
});

export const createAdminGuideRoute = route({
  operationId: 'createAdminGuide',
  summary: 'Write a new guide (a draft)',
  method: 'POST',
  path: '/api/admin/guides',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  body: AdminGuideFields,
  reply: oneOf(z.object({ id: z.string() })),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const editAdminGuideRoute = route({
  operationId: 'editAdminGuide',
  summary: "Replace a guide's content (its state stays)",
  method: 'PUT',
  path: '/api/admin/guides/:id',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  params: idParamSchema,
  body: AdminGuideFields,
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const publishAdminGuideRoute = route({
  operationId: 'publishAdminGuide',
  summary: 'Publish a guide to members, or take it back to draft',
  method: 'POST',
  path: '/api/admin/guides/:id/publish',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  params: idParamSchema,
  body: z.object({ published: z.boolean() }),
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
