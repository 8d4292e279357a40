import type { Field, RegistryFieldsType, UiSchema } from '@rjsf/utils';

import { fieldKindOf, type FieldKind } from '@service-hall/engine/form';

import { AttachmentKindField } from './attachment-kind-field.tsx';
import { ComputedField } from './computed-field.tsx';
import { DateRangeField } from './date-range-field.tsx';
import { DepartmentField } from './department-field.tsx';
import { DescriptionField } from './description-field.tsx';
import { MoneyField } from './money-field.tsx';
import { MultiSelectField } from './multi-select-field.tsx';
import { PersonField } from './person-field.tsx';
import { TimeField } from './time-field.tsx';

/**
 * The desktop renderer of each field kind rjsf's antd theme does not draw itself (text, textarea, number, boolean,
 * date, date-time and select keep rjsf's widgets). Each becomes an rjsf field named `sh-<kind>`.
 */
const KIND_FIELDS: Partial<Record<FieldKind, Field>> = {
  money: MoneyField,
  dateRange: DateRangeField,
  time: TimeField,
  multiSelect: MultiSelectField,
  person: PersonField,
  department: DepartmentField,
  computed: ComputedField,
  description: DescriptionField,
  attachment: AttachmentKindField,
};

export const FIELD_PREFIX = 'sh-';

/** The `fields` prop for rjsf's Form. */
export const kindFields: RegistryFieldsType = Object.fromEntries(
  Object.entries(KIND_FIELDS).map(([kind, field]) => [`${FIELD_PREFIX}${kind}`, field]),
);

/** The uiSchema with `ui:field` set for every field whose kind has a renderer here (unless the uiSchema names one). */
export function withKindFields(schema: Record<string, unknown>, ui: UiSchema): UiSchema {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const out: UiSchema = { ...ui };
  for (const [name, prop] of Object.entries(props)) {
    const own = (ui[name] ?? {}) as Record<string, unknown>;
    const kind = fieldKindOf(prop, own);
    if (KIND_FIELDS[kind] && !own['ui:field']) out[name] = { ...own, 'ui:field': `${FIELD_PREFIX}${kind}` };
  }
  return out;
}
