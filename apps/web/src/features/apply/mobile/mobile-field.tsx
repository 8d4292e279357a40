import { Form, Input, Selector, Switch, TextArea } from 'antd-mobile';
import type { TFunction } from 'i18next';
import type { FieldSpec } from '../logic/fields.ts';

type Rule = { required?: boolean; message?: string; max?: number; min?: number; pattern?: RegExp; type?: 'number'; validator?: (r: unknown, v: unknown) => Promise<void> };

/** antd-mobile Form.Item for one field of the definition's schema (string, textarea, number, date, enum, boolean). */
export function MobileField({ f, t, extraRule }: { f: FieldSpec; t: TFunction; extraRule?: Rule }) {
  const rules: Rule[] = [];
  if (f.required && f.kind !== 'boolean') rules.push({ required: true, message: t('err.required', { label: f.label }) });
  if (f.maxLength) rules.push({ max: f.maxLength, message: t('err.maxLength', { limit: f.maxLength }) });
  if (f.minLength && f.minLength > 1) rules.push({ min: f.minLength, message: t('err.minLength', { limit: f.minLength }) });
  if (f.pattern) rules.push({ pattern: new RegExp(f.pattern), message: t('err.pattern') });
  if (f.kind === 'number') {
    rules.push({
      validator: async (_r, v) => {
        if (v === undefined || v === null || v === '') return;
        const n = Number(v);
        if (Number.isNaN(n)) throw new Error(t('err.type'));
        if (f.minimum !== undefined && n < f.minimum) throw new Error(t('err.minimum', { limit: f.minimum }));
        if (f.maximum !== undefined && n > f.maximum) throw new Error(t('err.maximum', { limit: f.maximum }));
        if (f.step && Math.abs(n / f.step - Math.round(n / f.step)) > 1e-9) throw new Error(t('err.multipleOf', { limit: f.step }));
      },
    });
  }
  if (extraRule) rules.push(extraRule);
  const common = { name: f.name, label: f.label, rules, 'data-testid': `field-${f.name}` } as const;
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
