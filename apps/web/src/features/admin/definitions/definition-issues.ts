import type { FieldError } from '@service-hall/contracts';
import type { DefinitionIssue, ProcessDefinition } from '@service-hall/engine';

/**
 * The server's refusal details (`definition.steps.1.assignee.role` + a message in the user's language) as issues
 * on the designer's nodes: the step index in the path names the node.
 */
export function issuesFromServer(details: FieldError[], def: ProcessDefinition): DefinitionIssue[] {
  return details.map((d) => {
    const path = d.field.replace(/^definition\.?/, '');
    const step = /^steps\.(\d+)/.exec(path);
    const field = /^form\.schema\.properties\.([^.]+)/.exec(path)?.[1];
    const stepId = step ? def.steps[Number(step[1])]?.id : undefined;
    return {
      path,
      ...(stepId ? { stepId } : {}),
      ...(field ? { field } : {}),
      message: { zh: d.message, en: d.message },
    };
  });
}
