import { z } from 'zod';

/**
 * Query and body schemas of the workflow API. Query strings arrive as strings, so numbers and booleans are
 * coerced here; a repeated parameter arrives as an array and is refused by these scalar schemas.
 */

export const MAX_PAGE_SIZE = 100;
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_REMARK_LENGTH = 500;

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const limit = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10);
const start = z.coerce.number().int().min(0).max(1_000_000).default(0);
const keyword = z.string().trim().max(MAX_KEYWORD_LENGTH).optional();
const userId = z.string().min(1).max(64).optional();

/** "from,to" in seconds, from ≤ to. */
export const timestampsSchema = z
  .string()
  .regex(/^\d{1,12},\d{1,12}$/, 'timestamps must be "from,to" in seconds')
  .transform((v) => v.split(',').map(Number) as [number, number])
  .refine(([from, to]) => from <= to, 'timestamps: from must not be after to');

export const todoQuerySchema = z.strictObject({
  entrust: bool.optional(),
  sep: bool.optional(),
  limit: limit.optional(),
  start: start.optional(),
  keyword,
  userId,
});
export type TodoQuery = z.infer<typeof todoQuerySchema>;

export const doingQuerySchema = z.strictObject({
  limit,
  start,
  keyword,
  order: z.enum(['create', 'update']).default('create'),
  sep: bool.optional(),
  userId,
});
export type DoingQuery = z.infer<typeof doingQuerySchema>;

export const doneQuerySchema = z.strictObject({
  limit,
  start,
  keyword,
  sep: bool.optional(),
  timestamps: timestampsSchema.optional(),
  userId,
});
export type DoneQuery = z.infer<typeof doneQuerySchema>;

export const ccQuerySchema = z.strictObject({
  limit,
  start,
  keyword,
  unread: bool.optional(),
  userId,
});
export type CcQuery = z.infer<typeof ccQuerySchema>;

export const guestQuerySchema = z.strictObject({
  draft: bool.optional(),
  limit,
  start,
  keyword,
  timestamps: timestampsSchema.optional(),
  statuses: z
    .string()
    .regex(/^(doing|completed|rejected|withdrawn)(,(doing|completed|rejected|withdrawn))*$/)
    .optional(),
  locale: z.enum(['zh', 'en']).optional(),
});
export type GuestQuery = z.infer<typeof guestQuerySchema>;

export const idParamSchema = z.strictObject({ id: z.string().min(1).max(64) });

export const processActionBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('read') }),
  z.strictObject({
    action: z.literal('rate'),
    rating: z.coerce.number().int().min(1).max(5),
    remark: z.string().max(MAX_REMARK_LENGTH).default(''),
  }),
  z.strictObject({ action: z.literal('withdraw') }),
]);
export type ProcessActionBody = z.infer<typeof processActionBodySchema>;

export const taskActionBodySchema = z.strictObject({
  actionId: z.string().min(1).max(64),
  remark: z.string().max(MAX_REMARK_LENGTH).default(''),
});
export type TaskActionBody = z.infer<typeof taskActionBodySchema>;

export const startProcessBodySchema = z.strictObject({
  code: z.string().min(1).max(64),
  /** JSON text of the form data (form-encoded posts carry it as a string). */
  data: z.string().max(64 * 1024),
});
export type StartProcessBody = z.infer<typeof startProcessBodySchema>;

export const createDelegationBodySchema = z.strictObject({
  /** Omitted or empty means every app. */
  appId: z.string().max(64).optional(),
  entrusteeId: z.string().min(1).max(64),
  from: z.coerce.number().int().min(0),
  to: z.coerce.number().int().min(0),
});
export type CreateDelegationBody = z.infer<typeof createDelegationBodySchema>;

export const usersQuerySchema = z.strictObject({
  keyword: z.string().trim().min(1).max(MAX_KEYWORD_LENGTH),
  limit: limit.optional(),
});

export const searchGuideQuerySchema = z.strictObject({
  keyword: z.string().trim().max(MAX_KEYWORD_LENGTH).default(''),
});

export const recommendedQuerySchema = z.strictObject({
  domain: z.string().max(64).default('todoCenter'),
});

export const viewsQuerySchema = z.strictObject({
  domain: z.string().max(64).default('todoCenter'),
  solution: z.string().max(64).default('default'),
  terminal: z.enum(['workflow', 'wechat']).default('workflow'),
});
