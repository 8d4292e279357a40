import type { DefinitionView } from '@service-hall/contracts';

/** Label/value rows of a process's form data: definition labels when known, the raw keys otherwise. */
export function formFields(data: Record<string, unknown>, def: DefinitionView | null | undefined, lang: string) {
  return Object.entries(data ?? {}).map(([key, value]) => ({
    key,
    label: def?.labels?.[key] ?? (lang === 'en' ? def?.form?.fieldLabels?.[key]?.en : def?.form?.fieldLabels?.[key]?.zh) ?? key,
    value: showValue(value),
  }));
}

function showValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(showValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
