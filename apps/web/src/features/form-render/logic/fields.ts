import { fieldKindOf, type ComputedRule, type FieldKind } from '@service-hall/engine/form';

export type { FieldKind };

export interface FieldSpec {
  name: string;
  label: string;
  /** The engine's field kind (`x-kind`, or inferred as the engine infers it). */
  kind: FieldKind;
  required: boolean;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
  minimum?: number;
  maximum?: number;
  step?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  /** Money: the currency code (`x-unit`, e.g. CNY). */
  unit?: string;
  /** Computed: how the value follows from other fields. */
  computed?: ComputedRule;
  /** Description: the text shown (the uiSchema's `ui:description`, already localised). */
  text?: string;
  /** Help under the field (`ui:help`, already localised). */
  help?: string;
}

interface Prop {
  type?: string;
  format?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  title?: string;
  items?: Prop;
  'x-unit'?: string;
  'x-computed'?: ComputedRule;
}

/** Field names in ui:order, then the rest in schema order. */
export function fieldOrder(schema: Record<string, unknown>, ui: Record<string, unknown>): string[] {
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  const order = ((ui['ui:order'] as string[] | undefined) ?? []).filter((k) => Object.hasOwn(props, k));
  return [...order, ...Object.keys(props).filter((k) => !order.includes(k))];
}

/** Flat field list from a JSON Schema + (already localised) uiSchema, in ui:order — what the phone form renders. */
export function fieldsOf(
  schema: Record<string, unknown>,
  ui: Record<string, unknown>,
  labels: Record<string, string>,
): FieldSpec[] {
  const props = (schema.properties ?? {}) as Record<string, Prop>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return fieldOrder(schema, ui).map((name) => {
    const p = props[name]!;
    const u = (ui[name] ?? {}) as Record<string, unknown>;
    const enumNames =
      (u['ui:enumNames'] as string[] | undefined) ??
      ((u.items as Record<string, unknown> | undefined)?.['ui:enumNames'] as string[] | undefined) ??
      [];
    const values = p.enum ?? (p.type === 'array' ? p.items?.enum : undefined);
    const opts = u['ui:options'] as { step?: number } | undefined;
    return {
      name,
      label: labels[name] ?? p.title ?? name,
      kind: fieldKindOf(p as Record<string, unknown>, u),
      required: required.has(name),
      options: (values ?? []).map((v, i) => ({ value: v, label: enumNames[i] ?? v })),
      placeholder: u['ui:placeholder'] as string | undefined,
      minimum: p.minimum,
      maximum: p.maximum,
      step: opts?.step ?? p.multipleOf ?? (p.type === 'integer' ? 1 : undefined),
      maxLength: p.maxLength,
      minLength: p.minLength,
      pattern: p.pattern,
      unit: p['x-unit'],
      computed: p['x-computed'],
      text: u['ui:description'] as string | undefined,
      help: u['ui:help'] as string | undefined,
    };
  });
}

/** A computed field the member cannot type: its value is the computed one (`compare: equal`). */
export const isReadOnlyComputed = (f: Pick<FieldSpec, 'kind' | 'computed'>): boolean =>
  f.kind === 'computed' && (f.computed?.compare ?? 'equal') === 'equal';
