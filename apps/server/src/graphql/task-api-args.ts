import { z } from 'zod';

import {
  doingQuerySchema,
  doneQuerySchema,
  todoQuerySchema,
  type DoingQuery,
  type DoneQuery,
  type TodoQuery,
} from '@service-hall/contracts';

import { AppError } from '../platform/app-error.ts';

/**
 * GraphQL arguments are turned into the REST query objects and checked by the same zod schemas as REST, so both
 * transports accept exactly the same values (size 1–100, keyword length, timestamps format, …).
 */

/** Without `size`, tasks returns the whole to-do list up to this many rows (the tasks query of docs/product.md §7 has no paging). */
export const WHOLE_TODO_LIMIT = 1000;

export interface TasksArgs {
  cate: string;
  userId?: string | null;
  page?: number | null;
  size?: number | null;
  keyword?: string | null;
}
export interface ProcessesArgs extends Omit<TasksArgs, 'cate'> {
  cate: string;
  sep?: boolean | null;
  timestamps?: string | null;
}
export interface ProcessArgs {
  id?: string | null;
  entry?: string | null;
  system?: string | null;
}

// REST names → GraphQL argument names, so a validation message points at what the caller actually sent.
const ARG_NAMES: Record<string, string> = { limit: 'size', start: 'page' };

/** Drops nulls (GraphQL lets a client send an explicit null for an optional argument). */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

function parse<T>(schema: z.ZodType<T>, input: Record<string, unknown>): T {
  const result = schema.safeParse(defined(input));
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => {
    const field = String(i.path[0] ?? '(arguments)');
    return { field: ARG_NAMES[field] ?? field, message: i.message };
  });
  throw new AppError(
    'VALIDATION_FAILED',
    'GRAPHQL_ARGUMENTS_INVALID',
    {
      problems: details.map((d) => `${d.field}: ${d.message}`).join('; '),
    },
    details,
  );
}

function unknownCate(cate: string, allowed: string[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    'GRAPHQL_CATE_UNKNOWN',
    { cate: cate.slice(0, 40), allowed: allowed.join(', ') },
    [{ field: 'cate', message: `expected one of: ${allowed.join(', ')}` }],
  );
}

/** tasks(cate: "todo") → the REST to-do query with entrust=true (my list includes tasks delegated to me). */
export function todoQueryOf(args: TasksArgs): TodoQuery {
  if (args.cate !== 'todo') throw unknownCate(args.cate, ['todo']);
  const query = parse(todoQuerySchema, {
    entrust: 'true',
    userId: args.userId,
    keyword: args.keyword,
    start: args.page,
    limit: args.size,
  });
  // The REST schema defaults limit to 10; the GraphQL query without size means the whole list.
  return {
    ...query,
    limit: args.size === null || args.size === undefined ? WHOLE_TODO_LIMIT : query.limit,
    start: query.start ?? 0,
  };
}

export type ProcessesQuery = { cate: 'doing'; query: DoingQuery } | { cate: 'done'; query: DoneQuery };

/** processes(cate: "doing" | "done") → the REST doing or done query. */
export function processesQueryOf(args: ProcessesArgs): ProcessesQuery {
  const common = {
    userId: args.userId,
    keyword: args.keyword,
    start: args.page,
    limit: args.size,
    sep: args.sep === null || args.sep === undefined ? undefined : String(args.sep),
  };
  // GraphQL arguments are declared, so none is unknown: one that does not apply to this cate is refused, not ignored.
  if (args.cate === 'doing')
    return { cate: 'doing', query: parse(doingQuerySchema.strict(), { ...common, timestamps: args.timestamps }) };
  if (args.cate === 'done')
    return { cate: 'done', query: parse(doneQuerySchema, { ...common, timestamps: args.timestamps }) };
  throw unknownCate(args.cate, ['doing', 'done']);
}

/** process(id, entry, system): at least an id or an entry; each at most 64 characters like REST ids. */
export function processKeyOf(args: ProcessArgs): { id?: string; entry?: string; system?: string } {
  const key = parse(
    z.strictObject({
      id: z.string().min(1).max(64).optional(),
      entry: z.string().min(1).max(64).optional(),
      system: z.string().min(1).max(64).optional(),
    }),
    { ...args },
  );
  if (!key.id && !key.entry) throw new AppError('VALIDATION_FAILED', 'GRAPHQL_PROCESS_KEY_MISSING');
  return key;
}
