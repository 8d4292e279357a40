/** A problem found in a definition on publish: where it is (a path into the JSON, and the node or field) and what, in zh/en. */
import type { I18nText } from './types.ts';

export interface DefinitionIssue {
  /** Dotted path into the definition's JSON, e.g. `steps.1.actions.0.to`; `''` for the whole definition. */
  path: string;
  /** The step (node) the problem belongs to, when it belongs to one. */
  stepId?: string;
  /** The form field the problem names, when it names one. */
  field?: string;
  message: I18nText;
}

/** The one-line English form used in logs and in EngineError details: `path: message`. */
export function issueLine(issue: DefinitionIssue): string {
  return `${issue.path || '(root)'}: ${issue.message.en}`;
}
