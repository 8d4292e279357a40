import type { FieldSpec } from '../../logic/fields.ts';

/** What antd-mobile's Form.Item hands a field's control, plus the field it draws. */
export interface PhoneKindProps<V = unknown> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  field: FieldSpec;
  schema: Record<string, unknown>;
}
