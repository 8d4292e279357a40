import type { Plugin } from 'graphql-yoga';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { gql } from './graphql-runtime.ts';
import { noSuggestions } from './task-api-errors.ts';

/**
 * Limits of the task API. The deepest real query (processes → list → pendingTasks → name) is 4 levels, so 10
 * leaves room for fragments; 30 aliases covers a dashboard asking for several lists at once. The cost limit
 * (armor's default weights: scalar 1, object 2, ×1.5 per level) admits a handful of full list selections in one
 * document and refuses a document that repeats them dozens of times under the alias cap.
 * All three run during validation, before any resolver or SQL, so an abusive document costs only its parse.
 */
export const TASK_API_LIMITS = { maxDepth: 10, maxAliases: 30, maxCost: 3000 } as const;

/** Introspection is a map for attackers; production turns it off. */
const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(gql.NoSchemaIntrospectionCustomRule);
  },
};

/** The yoga plugins enforcing the limits; production also hides the limits' numbers and field suggestions. */
export function limitPlugins(production: boolean): Plugin[] {
  const exposeLimits = !production;
  return [
    maxDepthPlugin({ n: TASK_API_LIMITS.maxDepth, exposeLimits }),
    maxAliasesPlugin({ n: TASK_API_LIMITS.maxAliases, exposeLimits }),
    costLimitPlugin({ maxCost: TASK_API_LIMITS.maxCost, exposeLimits }),
    ...(production ? [noIntrospection, noSuggestions] : []),
  ];
}
