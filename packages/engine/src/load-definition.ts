/** Turns untrusted JSON into a ProcessDefinition, or explains why it cannot. */
import { checkDefinition } from './check-definition.ts';
import { processDefinitionSchema } from './definition-schema.ts';
import { EngineError } from './engine-error.ts';
import type { ProcessDefinition } from './types.ts';

/** Validates a definition (shape, references, form schema); throws EngineError INVALID_DEFINITION. */
export function loadDefinition(json: unknown): ProcessDefinition {
  const parsed = processDefinitionSchema.safeParse(json);
  const code = (json as { code?: unknown } | null)?.code;
  const name = typeof code === 'string' ? code : '(no code)';
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new EngineError('INVALID_DEFINITION', `Invalid definition ${name}: ${problems.join('; ')}`, problems);
  }
  const problems = checkDefinition(parsed.data);
  if (problems.length > 0) {
    throw new EngineError('INVALID_DEFINITION', `Invalid definition ${name}: ${problems.join('; ')}`, problems);
  }
  return parsed.data;
}
