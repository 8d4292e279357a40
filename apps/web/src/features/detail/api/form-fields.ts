import type { TFunction } from 'i18next';

import type { AttachmentRef, DefinitionView } from '@service-hall/contracts';
import { fieldKindOf } from '@service-hall/engine/form';

import { formatNumber } from '../../../lib/time/time.ts';
import { unitLabel } from '../../form-render/logic/unit-label.ts';

type Lang = 'zh' | 'en';
interface Bilingual {
  zh?: string;
  en?: string;
}

/**
 * Label/value rows of a process's form data: definition labels when known, the raw keys otherwise; values shown by
 * their field's kind (a date range as "start to end", money with its unit). An attachment field's row also carries
 * its files, which the pages show as download links. `t` reads the page's texts (detail and apply namespaces).
 * `names` (the detail's `dataNames`) shows a person or department field by the name the server gave, not the
 * account or id stored in `data`.
 */
export function formFields(
  data: Record<string, unknown>,
  def: DefinitionView | null | undefined,
  lang: string,
  t: TFunction,
  names: Record<string, string> = {},
) {
  const l: Lang = lang === 'en' ? 'en' : 'zh';
  const props = (def?.form?.schema as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties;
  const ui = (def?.form?.uiSchema ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(data ?? {}).map(([key, value]) => {
    const prop = props?.[key];
    const kind = prop ? fieldKindOf(prop, ui[key] ?? {}) : undefined;
    const files = kind === 'attachment' && Array.isArray(value) ? (value as AttachmentRef[]) : undefined;
    return {
      key,
      label: def?.labels?.[key] ?? def?.form?.fieldLabels?.[key]?.[l] ?? key,
      value: files
        ? files.map((f) => f.name).join(', ')
        : (names[key] ?? byKind(kind, prop, value, t) ?? showValue(enumLabel(def, key, value, l) ?? value, l)),
      ...(files ? { files } : {}),
    };
  });
}

/** How a date range or an amount of money reads; undefined for every other kind (shown as its value). */
function byKind(
  kind: string | undefined,
  prop: Record<string, unknown> | undefined,
  value: unknown,
  t: TFunction,
): string | undefined {
  if (kind === 'dateRange' && value && typeof value === 'object' && !Array.isArray(value)) {
    const { start, end } = value as { start?: unknown; end?: unknown };
    return t('detail:rangeValue', { start: String(start ?? ''), end: String(end ?? '') });
  }
  if (kind === 'money' && typeof value === 'number') {
    const shown = unitLabel(t, typeof prop?.['x-unit'] === 'string' ? prop['x-unit'] : undefined);
    return shown ? t('detail:moneyValue', { amount: formatNumber(value), unit: shown }) : formatNumber(value);
  }
  return undefined;
}

/** The option's label for a value of a select field (schema enum + uiSchema 'ui:enumNames'). */
function enumLabel(def: DefinitionView | null | undefined, key: string, value: unknown, l: Lang): string | undefined {
  const prop = (def?.form?.schema as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties?.[
    key
  ];
  const names = (def?.form?.uiSchema?.[key] as { 'ui:enumNames'?: Array<string | Bilingual> } | undefined)?.[
    'ui:enumNames'
  ];
  const i = prop?.enum?.indexOf(value) ?? -1;
  if (i < 0 || !names?.[i]) return undefined;
  const name = names[i];
  return typeof name === 'string' ? name : (name[l] ?? name.zh);
}

function showValue(value: unknown, l: Lang): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? (l === 'en' ? 'Yes' : '是') : l === 'en' ? 'No' : '否';
  if (Array.isArray(value)) return value.map((v) => showValue(v, l)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  // 48200 → "48,200"; 3 stays "3" (never "3.0").
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}
