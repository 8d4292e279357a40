/** Turns untrusted JSON into a ProcessDefinition, or explains why it cannot. */
import { checkDefinition } from './check-definition.ts';
import { issueLine, type DefinitionIssue } from './definition-issue.ts';
import { processDefinitionSchema } from './definition-schema.ts';
import { EngineError } from './engine-error.ts';
import { FORBIDDEN_KEYS } from './form/schema-errors.ts';
import { jsonDeeperThan } from './json-depth.ts';
import type { ProcessDefinition } from './types.ts';

/** How deep a definition's JSON may nest (objects and arrays inside one another). */
const DEFINITION_MAX_DEPTH = 63;

/**
 * The publish check: every problem of a definition, each with its path, node or field and a zh/en text.
 * `definition` is the parsed definition when there are none.
 */
export function validateDefinition(json: unknown): { definition: ProcessDefinition | null; issues: DefinitionIssue[] } {
  // Before anything recursive walks it (a definition file, a stored row): nesting of thousands of levels would
  // overflow the stack. Real definitions stay under 16.
  if (jsonDeeperThan(json, DEFINITION_MAX_DEPTH)) {
    return {
      definition: null,
      issues: [
        {
          path: '',
          message: {
            zh: `定义嵌套过深（最多 ${DEFINITION_MAX_DEPTH} 层）`,
            en: `the definition is nested more than ${DEFINITION_MAX_DEPTH} levels deep`,
          },
        },
      ],
    };
  }
  // Before any parsing: copying such a key would reach an object's prototype.
  const forbidden = forbiddenKeyPaths(json, []);
  if (forbidden.length > 0) {
    const issues = forbidden.map((path) => ({
      path,
      message: {
        zh: `不允许的名称：${path.split('.').at(-1)}`,
        en: `"${path.split('.').at(-1)}" cannot be a field name`,
      },
    }));
    return { definition: null, issues };
  }
  const parsed = processDefinitionSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const path = i.path.join('.');
      return { path, message: { zh: `定义的结构有误（${path || '根'}）：${i.message}`, en: i.message } };
    });
    return { definition: null, issues };
  }
  const issues = checkDefinition(parsed.data);
  return { definition: issues.length === 0 ? parsed.data : null, issues };
}

/** Dotted paths of every `__proto__`, `constructor` or `prototype` key inside a JSON value. */
function forbiddenKeyPaths(value: unknown, at: string[]): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    FORBIDDEN_KEYS.has(key) ? [[...at, key].join('.')] : forbiddenKeyPaths(inner, [...at, key]),
  );
}

/** Validates a definition (shape, references, graph, form schema); throws EngineError INVALID_DEFINITION. */
export function loadDefinition(json: unknown): ProcessDefinition {
  const { definition, issues } = validateDefinition(json);
  if (definition) return definition;
  const code = (json as { code?: unknown } | null)?.code;
  const name = typeof code === 'string' ? code : '(no code)';
  const problems = issues.map(issueLine);
  throw new EngineError('INVALID_DEFINITION', `Invalid definition ${name}: ${problems.join('; ')}`, problems);
}
