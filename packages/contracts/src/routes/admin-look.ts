import { z } from 'zod';

import { HomeSection } from '../entities.ts';
import { nothing, oneOf } from '../envelope.ts';
import { route } from './route.ts';

/** The enterprise images the look page sets; `@en` kinds are the English variants. */
export const LOOK_IMAGE_KINDS = [
  'logo',
  'banner-index',
  'banner-personal',
  'logo@en',
  'banner-index@en',
  'banner-personal@en',
] as const;
/** Width ÷ height each image is cropped to in the console. */
export const LOOK_IMAGE_RATIOS: Record<string, number> = {
  logo: 158 / 40,
  'banner-index': 1200 / 240,
  'banner-personal': 1200 / 160,
};

export const AdminTemplate = z.object({
  domain: z.string().min(1).max(40),
  solution: z.string().min(1).max(40),
  terminal: z.enum(['workflow', 'wechat']),
  sections: z.array(HomeSection).max(5),
  theme: z.object({ primary: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
});
export type AdminTemplate = z.infer<typeof AdminTemplate>;

/** The look page's data: the institution's names, every page template and the enterprise images (kind → address). */
export const AdminLook = z.object({
  institution: z.object({ name: z.string(), name_en: z.string() }),
  templates: z.array(AdminTemplate),
  images: z.record(z.string(), z.string()),
});
export type AdminLook = z.infer<typeof AdminLook>;

export const getAdminLookRoute = route({
  operationId: 'getAdminLook',
  summary: 'Institution name, page templates and enterprise images (system administrators)',
  method: 'GET',
  path: '/api/admin/look',
  scope: 'app',
  tag: 'admin',
  reply: oneOf(AdminLook),
  errors: ['FORBIDDEN'],
});

export const saveAdminTemplateRoute = route({
  operationId: 'saveAdminTemplate',
  summary: 'Create or change the page template of a domain, solution and terminal',
  method: 'PUT',
  path: '/api/admin/look/templates',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  body: AdminTemplate,
  reply: nothing(),
  errors: ['FORBIDDEN'],
});

export const saveInstitutionRoute = route({
  operationId: 'saveInstitution',
  summary: "The institution's name in Chinese and English",
  method: 'PUT',
  path: '/api/admin/look/institution',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  body: z.object({ name: z.string().trim().min(1).max(60), name_en: z.string().trim().max(120) }),
  reply: nothing(),
  errors: ['FORBIDDEN'],
});

export const saveLookImageRoute = route({
  operationId: 'saveLookImage',
  summary: 'Set an enterprise image to an uploaded one, or back to the default (url null)',
  method: 'PUT',
  path: '/api/admin/look/images',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  body: z.object({
    kind: z.enum(LOOK_IMAGE_KINDS),
    url: z
      .string()
      .regex(/^\/static\/images\/[0-9a-f-]{36}$/)
      .nullable(),
  }),
  reply: nothing(),
  errors: ['FORBIDDEN'],
});
