import { z } from 'zod';

/**
 * Query and body schemas of the workflow API, with the parsing policy of docs/adr/0014-one-contract-per-route.md ("Parsing policy"):
 * a known parameter with a wrong shape is refused naming it; an unknown parameter is ignored (clients send
 * cache-busters such as `_=123`), so these objects strip unknown keys instead of refusing them; an empty
 * `keyword` or `timestamps` is dropped; booleans accept true/false/1/0. Query strings arrive as strings, so
 * numbers and booleans are coerced here; a repeated parameter arrives as an array and is refused by these
 * scalar schemas.
 */

export const MAX_PAGE_SIZE = 100;
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_REMARK_LENGTH = 500;

/** `true`/`false`/`1`/`0` from a query string. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const limit = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10);
const start = z.coerce.number().int().min(0).max(1_000_000).default(0);
/** A search keyword; empty (or blank) means no keyword. */
const keyword = z
  .string()
  .trim()
  .max(MAX_KEYWORD_LENGTH)
  .optional()
  .transform((v) => v || undefined);
const userId = z.string().min(1).max(64).optional();

/** "from,to" in seconds, from ≤ to; empty means no time filter. */
export const timestampsSchema = z
  .union([z.literal(''), z.string().regex(/^\d{1,12},\d{1,12}$/, 'timestamps must be "from,to" in seconds')])
  .transform((v) => (v === '' ? undefined : (v.split(',').map(Number) as [number, number])))
  .refine((r) => r === undefined || r[0] <= r[1], 'timestamps: from must not be after to');

export const todoQuerySchema = z.object({
  entrust: queryBoolean.optional(),
  sep: queryBoolean.optional(),
  limit: limit.optional(),
  start: start.optional(),
  keyword,
  userId,
});
export type TodoQuery = z.infer<typeof todoQuerySchema>;

export const doingQuerySchema = z.object({
  limit,
  start,
  keyword,
  order: z.enum(['create', 'update']).default('create'),
  sep: queryBoolean.optional(),
  userId,
});
export type DoingQuery = z.infer<typeof doingQuerySchema>;

export const doneQuerySchema = z.object({
  limit,
  start,
  keyword,
  sep: queryBoolean.optional(),
  timestamps: timestampsSchema.optional(),
  userId,
});
export type DoneQuery = z.infer<typeof doneQuerySchema>;

export const ccQuerySchema = z.object({
  limit,
  start,
  keyword,
  unread: queryBoolean.optional(),
  userId,
});
export type CcQuery = z.infer<typeof ccQuerySchema>;

export const guestQuerySchema = z.object({
  draft: queryBoolean.optional(),
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

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });

/** `/api/user/{userId}/…`: an id or an account. */
export const userPathSchema = z.object({ userId: z.string().min(1).max(64) });

export const processActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('read') }),
  z.object({
    action: z.literal('rate'),
    rating: z.coerce.number().int().min(1).max(5),
    remark: z.string().max(MAX_REMARK_LENGTH).default(''),
  }),
  z.object({ action: z.literal('withdraw') }),
]);
export type ProcessActionBody = z.infer<typeof processActionBodySchema>;

const actionKey = z.string().min(1).max(64);

/**
 * POST /api/task/{id}: `actionCode` is another name of `actionId` (the other vendor's clients send it); one of the
 * two is needed, and when both are sent they must agree. `userId`: act as that user (who may: docs/product.md §11).
 * `data`: with `resubmit` only, the applicant's corrected form data (JSON text, as for a start); omitted = unchanged.
 */
export const taskActionBodySchema = z
  .object({
    actionId: actionKey.optional(),
    actionCode: actionKey.optional(),
    remark: z.string().max(MAX_REMARK_LENGTH).default(''),
    userId,
    data: z
      .string()
      .max(64 * 1024)
      .optional(),
  })
  .transform((b, ctx) => {
    const actionId = b.actionId ?? b.actionCode;
    if (actionId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['actionId'], message: 'actionId (or actionCode) is required' });
      return z.NEVER;
    }
    if (b.actionCode !== undefined && b.actionCode !== actionId) {
      ctx.addIssue({ code: 'custom', path: ['actionCode'], message: 'actionCode and actionId disagree' });
      return z.NEVER;
    }
    if (b.data !== undefined && actionId !== 'resubmit') {
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'form data is sent only with resubmit' });
      return z.NEVER;
    }
    return {
      actionId,
      remark: b.remark,
      ...(b.userId !== undefined ? { userId: b.userId } : {}),
      ...(b.data !== undefined ? { data: b.data } : {}),
    };
  });
export type TaskActionBody = z.infer<typeof taskActionBodySchema>;

export const startProcessBodySchema = z.object({
  code: z.string().min(1).max(64),
  /** JSON text of the form data (form-encoded posts carry it as a string). */
  data: z.string().max(64 * 1024),
  /** Start it for this user (who may: docs/product.md §11). */
  userId,
});
export type StartProcessBody = z.infer<typeof startProcessBodySchema>;

export const createDelegationBodySchema = z.object({
  /** Omitted or empty means every app. */
  appId: z.string().max(64).optional(),
  entrusteeId: z.string().min(1).max(64),
  from: z.coerce.number().int().min(0),
  to: z.coerce.number().int().min(0),
});
export type CreateDelegationBody = z.infer<typeof createDelegationBodySchema>;

export const usersQuerySchema = z.object({
  keyword: z.string().trim().min(1).max(MAX_KEYWORD_LENGTH),
  limit: limit.optional(),
});

export const searchGuideQuerySchema = z.object({
  keyword: z.string().trim().max(MAX_KEYWORD_LENGTH).default(''),
});

export const recommendedQuerySchema = z.object({
  domain: z.string().max(64).default('todoCenter'),
});

export const viewsQuerySchema = z.object({
  domain: z.string().max(64).default('todoCenter'),
  solution: z.string().max(64).default('default'),
  terminal: z.enum(['workflow', 'wechat']).default('workflow'),
});
