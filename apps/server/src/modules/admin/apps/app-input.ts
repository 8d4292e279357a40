import type { Selectable } from 'kysely';
import { z } from 'zod';

import type { Database } from '../../../db/schema.ts';
import { invalid } from '../../../platform/app-error.ts';
import { zodDetails } from '../../../platform/error-handler.ts';
import { pinyinKeys } from '../../../text/pinyin.ts';

const text = (max: number) => z.string().trim().max(max);
const listItem = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((s) => !s.includes(','), 'must not contain a comma');

/** An app's catalogue entry as an administrator writes it (create, edit, import and export all use this shape). */
export const appInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, - and _; at most 64'),
    name: text(60).min(1),
    name_en: text(120).default(''),
    department: text(60).default(''),
    department_en: text(120).default(''),
    tags: z.array(listItem).max(10).default([]),
    tags_en: z.array(listItem).max(10).default([]),
    /** A built-in icon's name or the address of an uploaded image. */
    icon: text(300).default(''),
    abbreviation: text(20).default(''),
    description: text(2000).default(''),
    description_en: text(4000).default(''),
    palette: text(20).default(''),
    /** Built-in apps start a process of a definition; external apps open the system's address. */
    kind: z.enum(['builtin', 'external']),
    definition_code: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/)
      .nullable()
      .default(null),
    uri: text(2000).default(''),
    system_id: z.string().trim().min(1).max(64).nullable().default(null),
    /** Higher ranks first among recommended apps; 0 is not recommended. */
    recommend: z.number().int().min(0).max(1_000_000).default(0),
    /** Who sees the app; both empty means everyone. */
    visible: z
      .object({
        roles: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
        departments: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
      })
      .default({ roles: [], departments: [] }),
  })
  .superRefine((a, ctx) => {
    if (a.kind === 'builtin' && !a.definition_code) {
      ctx.addIssue({ code: 'custom', path: ['definition_code'], message: 'required for a built-in app' });
    }
    if (a.kind === 'external' && !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(a.uri)) {
      ctx.addIssue({ code: 'custom', path: ['uri'], message: 'an http(s) address or a path starting with /' });
    }
  });

export type AppInput = z.output<typeof appInputSchema>;

/** Parses administrator input into an AppInput, or throws VALIDATION_FAILED naming each bad field. */
export function parseAppInput(input: unknown): AppInput {
  const parsed = appInputSchema.safeParse(input);
  if (!parsed.success) throw invalid(zodDetails(parsed.error), 'ADMIN_INPUT_INVALID');
  return parsed.data;
}

type AppColumns = Omit<
  Database['apps'],
  'id' | 'rating_sum' | 'rated' | 'completed' | 'enabled' | 'created_at' | 'visible'
> & { visible: string };

/** The stored columns of an entry: pinyin keys computed from the name, built-in apps' address derived. */
export function appColumns(a: AppInput): AppColumns {
  const keys = pinyinKeys(a.name);
  const builtin = a.kind === 'builtin';
  const visible =
    a.visible.roles.length || a.visible.departments.length
      ? JSON.stringify({ roles: [...new Set(a.visible.roles)], departments: [...new Set(a.visible.departments)] })
      : '';
  return {
    code: a.code,
    name: a.name,
    name_en: a.name_en,
    department: a.department,
    department_en: a.department_en,
    tags: a.tags.join(','),
    tags_en: a.tags_en.join(','),
    icon: a.icon,
    abbreviation: a.abbreviation,
    description: a.description,
    description_en: a.description_en,
    palette: a.palette,
    recommend: a.recommend,
    uri: builtin ? `/workflow/apply?code=${encodeURIComponent(a.code)}` : a.uri,
    definition_code: builtin ? a.definition_code : null,
    // A built-in app may belong to a system too: that system's clients may then start its processes for people.
    system_id: a.system_id,
    first_letter: keys.firstLetter,
    initials: keys.initials,
    pinyin: keys.pinyin,
    visible,
  };
}

/** An app row back in the input shape (for editing, export and the audit log's before/after). */
export function appRowToInput(row: Selectable<Database['apps']>): AppInput {
  const split = (s: string) => (s ? s.split(',') : []);
  const visible = row.visible ? (JSON.parse(row.visible) as { roles: string[]; departments: string[] }) : null;
  const builtin = row.definition_code !== null;
  return {
    code: row.code,
    name: row.name,
    name_en: row.name_en,
    department: row.department,
    department_en: row.department_en,
    tags: split(row.tags),
    tags_en: split(row.tags_en),
    icon: row.icon,
    abbreviation: row.abbreviation,
    description: row.description,
    description_en: row.description_en,
    palette: row.palette,
    kind: builtin ? 'builtin' : 'external',
    definition_code: row.definition_code,
    uri: builtin ? '' : row.uri,
    system_id: row.system_id,
    recommend: row.recommend,
    visible: { roles: visible?.roles ?? [], departments: visible?.departments ?? [] },
  };
}
