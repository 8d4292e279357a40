export type FieldKind = 'string' | 'textarea' | 'number' | 'date' | 'datetime' | 'time' | 'enum' | 'multi' | 'boolean';

export interface FieldSpec {
  name: string;
  label: string;
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
}

/** Flat field list from a JSON Schema + (already localised) uiSchema, in ui:order — what the mobile form renders. */
export function fieldsOf(schema: Record<string, unknown>, ui: Record<string, unknown>, labels: Record<string, string>): FieldSpec[] {
  const props = (schema.properties ?? {}) as Record<string, Prop>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const order = ((ui['ui:order'] as string[] | undefined) ?? []).filter((k) => k in props);
  const names = [...order, ...Object.keys(props).filter((k) => !order.includes(k))];
  return names.map((name) => {
    const p = props[name];
    const u = (ui[name] ?? {}) as Record<string, unknown>;
    const widget = u['ui:widget'] as string | undefined;
    const enumNames = (u['ui:enumNames'] as string[] | undefined) ?? [];
    let kind: FieldKind = 'string';
    const values = p.enum ?? (p.type === 'array' ? p.items?.enum : undefined);
    if (p.type === 'array' && p.items?.enum) kind = 'multi';
    else if (p.enum) kind = 'enum';
    else if (p.type === 'boolean') kind = 'boolean';
    else if (p.type === 'number' || p.type === 'integer') kind = 'number';
    else if (p.format === 'date') kind = 'date';
    else if (p.format === 'date-time') kind = 'datetime';
    else if (p.format === 'time') kind = 'time';
    else if (widget === 'textarea') kind = 'textarea';
    const opts = u['ui:options'] as { step?: number } | undefined;
    return {
      name,
      label: labels[name] ?? p.title ?? name,
      kind,
      required: required.has(name),
      options: (values ?? []).map((v, i) => ({ value: v, label: enumNames[i] ?? ((u.items as Record<string, unknown> | undefined)?.['ui:enumNames'] as string[] | undefined)?.[i] ?? v })),
      placeholder: u['ui:placeholder'] as string | undefined,
      minimum: p.minimum,
      maximum: p.maximum,
      step: opts?.step ?? p.multipleOf ?? (p.type === 'integer' ? 1 : undefined),
      maxLength: p.maxLength,
      minLength: p.minLength,
      pattern: p.pattern,
    };
  });
}
