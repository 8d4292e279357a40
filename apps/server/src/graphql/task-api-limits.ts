import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import type { Plugin } from 'graphql-yoga';

import { documentLimits } from './document-limits.ts';
import { gql } from './graphql-runtime.ts';
import { noSuggestions } from './task-api-errors.ts';

/**
 * Limits of the task API. The deepest real query (processes → list → pendingTasks → name) is 4 levels, so 10
 * leaves room for fragments; 30 aliases covers a dashboard asking for several lists at once. The cost limit
 * (armor's default weights: scalar 1, object 2, ×1.5 per level) is about three times what the portal's screens
 * ask for together (every field of tasks ≈ 112, of processes ≈ 67, of process ≈ 143), so it refuses a document
 * that repeats full selections under the alias cap (ten full process details ≈ 1430).
 * All three run during validation, before any resolver or SQL, so an abusive document costs only its parse.
 */
export const TASK_API_LIMITS = { maxDepth: 10, maxAliases: 30, maxCost: 1000 } as const;

/** Introspection is a map for attackers; production turns it off. */
const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(gql.NoSchemaIntrospectionCustomRule);
  },
};

/**
 * The yoga plugins enforcing the limits, for /graphql and /bus/graphql alike (pair with `parserAndValidationCache:
 * false`: documentLimits is the bounded cache); production also hides the limits' numbers and field suggestions.
 */
export function limitPlugins(production: boolean): Plugin[] {
  const exposeLimits = !production;
  return [
    documentLimits(),
    maxDepthPlugin({ n: TASK_API_LIMITS.maxDepth, exposeLimits }),
    maxAliasesPlugin({ n: TASK_API_LIMITS.maxAliases, exposeLimits }),
    costLimitPlugin({ maxCost: TASK_API_LIMITS.maxCost, exposeLimits }),
    ...(production ? [noIntrospection, noSuggestions] : []),
  ];
}
