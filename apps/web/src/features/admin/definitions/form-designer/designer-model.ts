/**
 * The form designer's edits as pure functions over a definition's `form` ({schema, uiSchema, fieldLabels, rules}):
 * list, add, move, remove and rename fields, and read/write one field's settings. Every function returns a new
 * form; keywords the designer does not edit (a default, multipleOf, a widget hint) are kept as they were.
 */
import { fieldKindOf, type FieldKind, type FormDefinition, type I18nText } from '@service-hall/engine/form';

import { defaultField, type DefaultTexts } from './field-defaults.ts';

export type DesignerForm = FormDefinition;
type Schema = Record<string, unknown>;
type Ui = Record<string, Record<string, unknown>>;

/** An empty form: what a new definition starts from. */
export const emptyForm = (): DesignerForm => ({
  schema: { type: 'object', properties: {}, required: [] },
  uiSchema: { 'ui:order': [] },
  fieldLabels: {},
});

/** Field keys in display order: ui:order first, then any others in schema order (as the renderers show them). */
export function fieldKeys(form: DesignerForm): string[] {
  const props = form.schema.properties;
  const order = ((form.uiSchema?.['ui:order'] as string[] | undefined) ?? []).filter((k) => Object.hasOwn(props, k));
  return [...order, ...Object.keys(props).filter((k) => !order.includes(k))];
}

export function kindOf(form: DesignerForm, key: string): FieldKind {
  return fieldKindOf(form.schema.properties[key] ?? {}, (form.uiSchema?.[key] ?? {}) as Schema);
}

function clone(form: DesignerForm): DesignerForm {
  return { ...structuredClone(form), uiSchema: structuredClone(form.uiSchema ?? {}) };
}

function withOrder(form: DesignerForm, order: string[]): DesignerForm {
  return { ...form, uiSchema: { ...form.uiSchema, 'ui:order': order } };
}

/** A key not used yet: `text1`, `text2`… */
export function freeKey(form: DesignerForm, kind: FieldKind): string {
  for (let i = 1; ; i += 1) if (!Object.hasOwn(form.schema.properties, `${kind}${i}`)) return `${kind}${i}`;
}

/** The form with a new field of `kind` at the end (or at `at`); its key is returned too. */
export function addField(
  form: DesignerForm,
  kind: FieldKind,
  label: I18nText,
  texts: DefaultTexts,
  at?: number,
): { form: DesignerForm; key: string } {
  const next = clone(form);
  const key = freeKey(form, kind);
  const made = defaultField(kind, form, texts);
  next.schema.properties[key] = made.schema;
  if (made.ui) (next.uiSchema as Ui)[key] = made.ui;
  next.fieldLabels[key] = label;
  const order = fieldKeys(form);
  order.splice(at ?? order.length, 0, key);
  return { form: withOrder(next, order), key };
}

/** The form with the field at `from` moved to `to` (indexes in display order). */
export function moveField(form: DesignerForm, from: number, to: number): DesignerForm {
  const order = fieldKeys(form);
  if (from < 0 || from >= order.length || to < 0 || to >= order.length || from === to) return form;
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return withOrder(clone(form), order);
}

/** Paths that point into a field: `key` itself or `key.start`. */
const pointsAt = (path: string | undefined, key: string) => path === key || (path ?? '').startsWith(`${key}.`);

/** The form without `key`: its schema, hints, label, required flag, and rules or computed sources that read it. */
export function removeField(form: DesignerForm, key: string): DesignerForm {
  const next = clone(form);
  delete next.schema.properties[key];
  delete (next.uiSchema as Ui)[key];
  delete next.fieldLabels[key];
  next.schema.required = (next.schema.required ?? []).filter((k) => k !== key);
  if (next.rules) next.rules = next.rules.filter((r) => !pointsAt(r.from, key) && !pointsAt(r.to, key));
  for (const prop of Object.values(next.schema.properties)) {
    const c = prop['x-computed'] as { from?: string; to?: string } | undefined;
    if (c && pointsAt(c.from, key)) c.from = '';
    if (c && pointsAt(c.to, key)) c.to = '';
  }
  return withOrder(
    next,
    fieldKeys(form).filter((k) => k !== key),
  );
}

const renamePath = (path: string, from: string, to: string) =>
  path === from ? to : path.startsWith(`${from}.`) ? `${to}${path.slice(from.length)}` : path;

/** The form with field `from` renamed to `to` everywhere it is named (order, required, labels, rules, computed). */
export function renameField(form: DesignerForm, from: string, to: string): DesignerForm {
  if (from === to || Object.hasOwn(form.schema.properties, to)) return form;
  const next = clone(form);
  const rekey = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k === from ? to : k, v]));
  next.schema.properties = rekey(next.schema.properties);
  next.uiSchema = rekey(next.uiSchema ?? {});
  next.fieldLabels = rekey(next.fieldLabels);
  next.schema.required = (next.schema.required ?? []).map((k) => (k === from ? to : k));
  next.rules = next.rules?.map((r) => ({ ...r, from: renamePath(r.from, from, to), to: renamePath(r.to, from, to) }));
  for (const prop of Object.values(next.schema.properties)) {
    const c = prop['x-computed'] as { from: string; to: string } | undefined;
    if (c) Object.assign(c, { from: renamePath(c.from, from, to), to: renamePath(c.to, from, to) });
  }
  return withOrder(
    next,
    fieldKeys(form).map((k) => (k === from ? to : k)),
  );
}

/** Paths a computed field or a date-order rule can read dates from: date fields and both ends of date ranges. */
export function datePaths(form: DesignerForm): string[] {
  return fieldKeys(form).flatMap((k) => {
    const kind = kindOf(form, k);
    if (kind === 'date') return [k];
    if (kind === 'dateRange') return [`${k}.start`, `${k}.end`];
    return [];
  });
}
