import { z } from 'zod';

import { invalid } from '../../../platform/app-error.ts';
import { zodDetails } from '../../../platform/error-handler.ts';

export const ACCOUNT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** A user as an administrator writes them; `password` only for accounts of the embedded sign-in provider. */
export const userInputSchema = z.object({
  account: z.string().trim().regex(ACCOUNT_PATTERN, 'letters, digits, . _ @ -; at most 64'),
  name: z.string().trim().min(1).max(60),
  name_en: z.string().trim().max(120).default(''),
  email: z.union([z.literal(''), z.email()]).default(''),
  department_id: z.string().trim().min(1).max(64).nullable().default(null),
  roles: z.array(z.string().trim().regex(CODE_PATTERN)).max(30).default([]),
});
export type UserInput = z.output<typeof userInputSchema>;

/** A department; `parent_id` places it in the tree, `head_user_id` names its head. */
export const departmentInputSchema = z.object({
  id: z.string().trim().regex(CODE_PATTERN, 'letters, digits, _ and -; at most 64'),
  name: z.string().trim().min(1).max(60),
  name_en: z.string().trim().max(120).default(''),
  parent_id: z.string().trim().min(1).max(64).nullable().default(null),
  head_user_id: z.string().trim().min(1).max(64).nullable().default(null),
});
export type DepartmentInput = z.output<typeof departmentInputSchema>;

/** A role of the catalogue: a code users hold, with its names. */
export const roleInputSchema = z.object({
  code: z.string().trim().regex(CODE_PATTERN, 'letters, digits, _ and -; at most 64'),
  name: z.string().trim().min(1).max(60),
  name_en: z.string().trim().max(120).default(''),
});
export type RoleInput = z.output<typeof roleInputSchema>;

/** Parses input with a schema, or throws VALIDATION_FAILED naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalid(zodDetails(parsed.error), 'ADMIN_INPUT_INVALID');
  return parsed.data;
}

/** Minimum length of a password an administrator sets. */
export const MIN_PASSWORD_LENGTH = 8;
