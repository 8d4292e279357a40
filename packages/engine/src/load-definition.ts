/** Turns untrusted JSON into a ProcessDefinition, or explains why it cannot. */
import { checkDefinition } from './check-definition.ts';
import { processDefinitionSchema } from './definition-schema.ts';
import { issueLine, type DefinitionIssue } from './definition-issue.ts';
import { EngineError } from './engine-error.ts';
import type { ProcessDefinition } from './types.ts';

/**
 * The publish check: every problem of a definition, each with its path, node or field and a zh/en text.
 * `definition` is the parsed definition when there are none.
 */
export function validateDefinition(json: unknown): { definition: ProcessDefinition | null; issues: DefinitionIssue[] } {
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

/** Validates a definition (shape, references, graph, form schema); throws EngineError INVALID_DEFINITION. */
export function loadDefinition(json: unknown): ProcessDefinition {
  const { definition, issues } = validateDefinition(json);
  if (definition) return definition;
  const code = (json as { code?: unknown } | null)?.code;
  const name = typeof code === 'string' ? code : '(no code)';
  const problems = issues.map(issueLine);
  throw new EngineError('INVALID_DEFINITION', `Invalid definition ${name}: ${problems.join('; ')}`, problems);
}
