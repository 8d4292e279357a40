import type { DefinitionView } from '@service-hall/contracts';
import { formatNumber } from '../../../lib/time.ts';

type Lang = 'zh' | 'en';
interface Bilingual { zh?: string; en?: string }

/** Label/value rows of a process's form data: definition labels when known, the raw keys otherwise. */
export function formFields(data: Record<string, unknown>, def: DefinitionView | null | undefined, lang: string) {
  const l: Lang = lang === 'en' ? 'en' : 'zh';
  return Object.entries(data ?? {}).map(([key, value]) => ({
    key,
    label: def?.labels?.[key] ?? def?.form?.fieldLabels?.[key]?.[l] ?? key,
    value: showValue(enumLabel(def, key, value, l) ?? value, l),
  }));
}

/** The option's label for a value of a select field (schema enum + uiSchema 'ui:enumNames'). */
function enumLabel(def: DefinitionView | null | undefined, key: string, value: unknown, l: Lang): string | undefined {
  const prop = (def?.form?.schema as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties?.[key];
  const names = (def?.form?.uiSchema?.[key] as { 'ui:enumNames'?: Array<string | Bilingual> } | undefined)?.['ui:enumNames'];
  const i = prop?.enum?.indexOf(value) ?? -1;
  if (i < 0 || !names?.[i]) return undefined;
  const name = names[i];
  return typeof name === 'string' ? name : name[l] ?? name.zh;
}

function showValue(value: unknown, l: Lang): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? (l === 'en' ? 'Yes' : '是') : (l === 'en' ? 'No' : '否');
  if (Array.isArray(value)) return value.map((v) => showValue(v, l)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  // 48200 → "48,200"; 3 stays "3" (never "3.0").
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}
