/** What the interpreter reports: where (a path of keys) and which rule, with the rule's parameters. */
export interface SchemaError {
  /** Keys from the form's root to the offending value, e.g. ['equipment', '1']; [] for the form itself. */
  path: string[];
  keyword: string;
  params: Record<string, unknown>;
}

/** Keys that could reach an object's prototype when copied or merged; never accepted in form data. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
