/**
 * One field's settings as the designer's editor shows them, read from and written back to the form. Only the
 * settings of the field's kind are written; everything else in its schema stays as it was.
 */
import type { ComputedRule, FieldKind, I18nText } from '@service-hall/engine/form';

import { kindOf, renameField, type DesignerForm } from './designer-model.ts';

export interface OptionSetting {
  value: string;
  zh: string;
  en: string;
}

export interface FieldSettings {
  key: string;
  kind: FieldKind;
  label: I18nText;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** select / multiSelect */
  options?: OptionSetting[];
  /** multiSelect, attachment */
  minItems?: number;
  maxItems?: number;
  /** money */
  unit?: string;
  /** date: the date field (or range end) this one may not be before — a dateOrder rule. */
  notBefore?: string;
  /** computed */
  computedFrom?: string;
  computedTo?: string;
  excludeWeekends?: boolean;
  /** description */
  text?: I18nText;
  /** attachment: accepted types (x-accept) and size per file in MB (x-max-size, stored in bytes) */
  accept?: string;
  maxSizeMb?: number;
}

type Schema = Record<string, unknown>;
const MB = 1024 * 1024;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function readSettings(form: DesignerForm, key: string): FieldSettings {
  const p = form.schema.properties[key] ?? {};
  const ui = (form.uiSchema?.[key] ?? {}) as Schema;
  const kind = kindOf(form, key);
  const items = (p.items ?? {}) as Schema;
  const values = (kind === 'multiSelect' ? items.enum : p.enum) as string[] | undefined;
  const names = (ui['ui:enumNames'] as I18nText[] | undefined) ?? [];
  const computed = p['x-computed'] as ComputedRule | undefined;
  return {
    key,
    kind,
    label: form.fieldLabels[key] ?? { zh: '', en: '' },
    required: (form.schema.required ?? []).includes(key),
    minLength: num(p.minLength),
    maxLength: num(p.maxLength),
    pattern: str(p.pattern),
    minimum: num(p.minimum),
    maximum: num(p.maximum),
    options: values?.map((value, i) => ({ value, zh: names[i]?.zh ?? value, en: names[i]?.en ?? value })),
    minItems: num(p.minItems),
    maxItems: num(p.maxItems),
    unit: str(p['x-unit']),
    notBefore: form.rules?.find((r) => r.type === 'dateOrder' && r.to === key)?.from,
    computedFrom: computed?.from,
    computedTo: computed?.to,
    excludeWeekends: computed?.excludeWeekends ?? false,
    text: ui['ui:description'] as I18nText | undefined,
    accept: str(p['x-accept']),
    maxSizeMb: typeof p['x-max-size'] === 'number' ? p['x-max-size'] / MB : undefined,
  };
}

/** Sets or removes (undefined, '' or NaN) one keyword. */
function put(target: Schema, name: string, value: unknown): void {
  if (value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value))) delete target[name];
  else target[name] = value;
}

/**
 * The form with `key`'s settings replaced by `s` (renamed first when `s.key` differs). `orderMessage` words the
 * dateOrder rule a "not before" setting creates, in both languages.
 */
export function writeSettings(
  form: DesignerForm,
  key: string,
  s: FieldSettings,
  orderMessage: (from: string, to: string) => I18nText,
): DesignerForm {
  const renamed = s.key !== key && s.key ? renameField(form, key, s.key) : form;
  const name = renamed === form ? key : s.key;
  const next: DesignerForm = structuredClone(renamed);
  next.uiSchema ??= {};
  const p = (next.schema.properties[name] ??= {});
  const ui = ((next.uiSchema as Record<string, Schema>)[name] ??= {});
  next.fieldLabels[name] = { zh: s.label.zh, en: s.label.en };
  const required = (next.schema.required ?? []).filter((k) => k !== name);
  next.schema.required = s.required && s.kind !== 'description' ? [...required, name] : required;

  switch (s.kind) {
    case 'text':
    case 'textarea':
      put(p, 'minLength', s.minLength);
      put(p, 'maxLength', s.maxLength);
      put(p, 'pattern', s.pattern);
      break;
    case 'number':
    case 'money':
      put(p, 'minimum', s.minimum);
      put(p, 'maximum', s.maximum);
      if (s.kind === 'money') put(p, 'x-unit', s.unit);
      break;
    case 'select':
    case 'multiSelect': {
      const opts = s.options ?? [];
      if (s.kind === 'select') p.enum = opts.map((o) => o.value);
      else {
        p.items = { ...((p.items as Schema | undefined) ?? { type: 'string' }), enum: opts.map((o) => o.value) };
        put(p, 'minItems', s.minItems);
        put(p, 'maxItems', s.maxItems);
      }
      ui['ui:enumNames'] = opts.map((o) => ({ zh: o.zh, en: o.en }));
      break;
    }
    case 'date': {
      const rules = (next.rules ?? []).filter((r) => !(r.type === 'dateOrder' && r.to === name));
      if (s.notBefore)
        rules.push({ type: 'dateOrder', from: s.notBefore, to: name, message: orderMessage(s.notBefore, name) });
      next.rules = rules;
      break;
    }
    case 'computed':
      p['x-computed'] = {
        ...((p['x-computed'] as Schema | undefined) ?? {}),
        fn: 'days',
        from: s.computedFrom ?? '',
        to: s.computedTo ?? '',
        excludeWeekends: !!s.excludeWeekends,
      };
      break;
    case 'description':
      ui['ui:description'] = s.text ?? { zh: '', en: '' };
      break;
    case 'attachment':
      put(p, 'x-accept', s.accept);
      put(p, 'x-max-size', s.maxSizeMb === undefined ? undefined : Math.round(s.maxSizeMb * MB));
      put(p, 'maxItems', s.maxItems);
      break;
    default:
      break;
  }
  if (Object.keys(ui).length === 0) delete (next.uiSchema as Record<string, Schema>)[name];
  return next;
}
