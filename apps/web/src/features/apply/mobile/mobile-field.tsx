import { Form, Input, Selector, Switch, TextArea } from 'antd-mobile';
import type { TFunction } from 'i18next';
import type { FieldSpec } from '../logic/fields.ts';

type Rule = { validator: (r: unknown, v: unknown) => Promise<void> };

/**
 * antd-mobile Form.Item for one field of the definition's schema (string, textarea, number, date, enum, boolean).
 * Its one rule is the engine's form validator, so the phone refuses exactly what the server refuses, in its words.
 */
export function MobileField({ f, t, rule }: { f: FieldSpec; t: TFunction; rule: Rule }) {
  const rules: Rule[] = [rule];
  // `required` only draws the asterisk; the rule says what is missing.
  const common = { name: f.name, label: f.label, rules, required: f.required && f.kind !== 'boolean', 'data-testid': `field-${f.name}` } as const;
  switch (f.kind) {
    case 'textarea':
      return <Form.Item {...common}><TextArea placeholder={f.placeholder ?? t('input')} maxLength={f.maxLength} showCount rows={3} /></Form.Item>;
    case 'number':
      return <Form.Item {...common}><Input type="number" inputMode="decimal" placeholder={t('input')} /></Form.Item>;
    case 'date':
      return <Form.Item {...common}><Input type="date" /></Form.Item>;
    case 'datetime':
      return <Form.Item {...common}><Input type="datetime-local" /></Form.Item>;
    case 'time':
      return <Form.Item {...common}><Input type="time" /></Form.Item>;
    case 'boolean':
      return <Form.Item {...common} valuePropName="checked" layout="horizontal"><Switch /></Form.Item>;
    case 'enum':
      return (
        <Form.Item {...common} getValueProps={(v) => ({ value: v ? [v] : [] })} normalize={(v: string[]) => v?.[0]}>
          <Selector columns={2} options={f.options} />
        </Form.Item>
      );
    case 'multi':
      return <Form.Item {...common}><Selector columns={2} multiple options={f.options} /></Form.Item>;
    default:
      return <Form.Item {...common}><Input placeholder={f.placeholder ?? t('input')} maxLength={f.maxLength} clearable /></Form.Item>;
  }
}
