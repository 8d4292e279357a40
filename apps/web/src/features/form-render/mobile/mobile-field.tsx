import { Form, Input, Selector, Switch, TextArea } from 'antd-mobile';
import type { TFunction } from 'i18next';

import { AttachmentInput } from '../../attachments/mobile/attachment-input.tsx';
import { isReadOnlyComputed, type FieldSpec } from '../logic/fields.ts';
import { PhoneComputed } from './kinds/phone-computed.tsx';
import { PhoneDateRange } from './kinds/phone-date-range.tsx';
import { PhoneDepartment } from './kinds/phone-department.tsx';
import { PhoneMoney } from './kinds/phone-money.tsx';
import { PhonePendingAttachment } from './kinds/phone-pending-attachment.tsx';
import { PhonePerson } from './kinds/phone-person.tsx';

type Rule = { validator: (r: unknown, v: unknown) => Promise<void> };

/**
 * antd-mobile Form.Item for one field of the definition's schema, by the engine's field kind.
 * Its one rule is the engine's form validator, so the phone refuses exactly what the server refuses, in its words.
 */
export function MobileField({
  f,
  t,
  rule,
  schema,
  attach,
}: {
  f: FieldSpec;
  t: TFunction;
  rule: Rule;
  schema: Record<string, unknown>;
  /** The app applied for and the form's labels: attachment fields upload for it (absent in the designer's preview). */
  attach?: { code: string; labels: Record<string, { zh: string; en: string }> } | undefined;
}) {
  const rules: Rule[] = [rule];
  // `required` only draws the asterisk; the rule says what is missing.
  const common = {
    name: f.name,
    label: f.label,
    rules,
    required: f.required && f.kind !== 'boolean',
    help: f.help,
    'data-testid': `field-${f.name}`,
  } as const;
  const kindProps = { field: f, schema };
  switch (f.kind) {
    case 'description':
      // Text on the form, not a question: no name, so it never becomes a value.
      return (
        <Form.Item label={f.label} data-testid={`field-${f.name}`}>
          <div className="sh-kind-description">{f.text ?? ''}</div>
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common}>
          <TextArea placeholder={f.placeholder ?? t('input')} maxLength={f.maxLength} showCount rows={3} />
        </Form.Item>
      );
    // step="any": decimals are the engine's to refuse, not the browser's (kinds/phone-money.tsx).
    case 'number':
      return (
        <Form.Item {...common}>
          <Input type="number" step="any" inputMode="decimal" placeholder={t('input')} />
        </Form.Item>
      );
    case 'computed':
      return isReadOnlyComputed(f) ? (
        <Form.Item {...common}>
          <PhoneComputed {...kindProps} />
        </Form.Item>
      ) : (
        <Form.Item {...common}>
          <Input type="number" step="any" inputMode="decimal" placeholder={t('input')} />
        </Form.Item>
      );
    case 'money':
      return (
        <Form.Item {...common}>
          <PhoneMoney {...kindProps} />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item {...common}>
          <Input type="date" />
        </Form.Item>
      );
    case 'dateRange':
      return (
        <Form.Item {...common}>
          <PhoneDateRange {...kindProps} />
        </Form.Item>
      );
    case 'dateTime':
      return (
        <Form.Item {...common}>
          <Input type="datetime-local" />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item {...common}>
          <Input type="time" />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item {...common} valuePropName="checked" layout="horizontal">
          <Switch />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...common} getValueProps={(v) => ({ value: v ? [v] : [] })} normalize={(v: string[]) => v?.[0]}>
          <Selector columns={2} options={f.options} />
        </Form.Item>
      );
    case 'multiSelect':
      return (
        <Form.Item {...common}>
          <Selector columns={2} multiple options={f.options} />
        </Form.Item>
      );
    case 'person':
      return (
        <Form.Item {...common}>
          <PhonePerson {...kindProps} />
        </Form.Item>
      );
    case 'department':
      return (
        <Form.Item {...common}>
          <PhoneDepartment {...kindProps} />
        </Form.Item>
      );
    case 'attachment': {
      const own = ((schema.properties ?? {}) as Record<string, Record<string, unknown>>)[f.name] ?? {};
      return (
        <Form.Item {...common}>
          {attach ? (
            <AttachmentInput
              code={attach.code}
              field={f.name}
              schema={own}
              label={attach.labels[f.name] ?? { zh: f.label, en: f.label }}
            />
          ) : (
            <PhonePendingAttachment />
          )}
        </Form.Item>
      );
    }
    default:
      return (
        <Form.Item {...common}>
          <Input placeholder={f.placeholder ?? t('input')} maxLength={f.maxLength} clearable />
        </Form.Item>
      );
  }
}
