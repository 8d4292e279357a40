import { Form } from 'antd-mobile';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { withComputed } from '../logic/computed-fields.ts';
import { fieldMessage, type FormLike } from '../logic/field-message.ts';
import { fieldsOf } from '../logic/fields.ts';
import { localise } from '../logic/localise.ts';
import { phoneValues } from '../logic/phone-values.ts';
import { MobileField } from './mobile-field.tsx';

import '../form-render.css';

type Data = Record<string, unknown>;
type FormInstance = ReturnType<typeof Form.useForm>[0];

/** Sets each read-only computed field to what the engine computes from the values typed so far. */
function refreshComputed(form: FormLike, instance: FormInstance, all: Data): void {
  const data = phoneValues(all, form);
  const computed = withComputed(form.schema, data);
  if (computed === data) return;
  const props = (form.schema.properties ?? {}) as Record<string, { 'x-computed'?: unknown }>;
  instance.setFieldsValue(
    Object.fromEntries(
      Object.keys(props)
        .filter((k) => props[k]?.['x-computed'] && computed[k] !== all[k])
        .map((k) => [k, computed[k]]),
    ),
  );
}

interface Props {
  form: FormLike;
  instance: FormInstance;
  initialValues?: Data;
  onValuesChange?: (all: Data) => void;
  onFinish?: (data: Data) => void;
  onFinishFailed?: () => void;
  footer?: ReactNode;
  testId?: string;
  /** The app applied for: attachment fields upload for it. Without it (the designer's preview) they only show a note. */
  appCode?: string;
}

/**
 * A definition's form on the phone: antd-mobile fields by kind (mobile-field.tsx), each checked by the engine's
 * validator over the whole form, computed fields filled in as the member types. The apply page and the form
 * designer's phone preview both draw forms with it.
 */
export function PhoneFormView({
  form,
  instance,
  initialValues,
  onValuesChange,
  onFinish,
  onFinishFailed,
  footer,
  testId = 'apply-form',
  appCode,
}: Props) {
  const { t, i18n } = useTranslation('apply');
  const labels = useMemo(
    () =>
      Object.fromEntries(Object.entries(form.fieldLabels).map(([k, v]) => [k, i18n.language === 'en' ? v.en : v.zh])),
    [form, i18n.language],
  );
  const fields = useMemo(
    () => fieldsOf(form.schema, localise(form.uiSchema ?? {}, i18n.language), labels),
    [form, i18n.language, labels],
  );
  // One rule per field: the engine's validator over the whole form (as the server runs it), this field's message.
  const ruleFor = (name: string) => ({
    validator: async () => {
      const message = fieldMessage(form, phoneValues(instance.getFieldsValue() as Data, form), name, i18n.language);
      if (message) throw new Error(message);
    },
  });
  // A computed value follows its rule as well as the dates: the designer's preview changes rules under typed data.
  useEffect(() => refreshComputed(form, instance, instance.getFieldsValue() as Data), [form, instance]);
  return (
    <Form
      form={instance}
      layout="vertical"
      initialValues={initialValues}
      data-testid={testId}
      onValuesChange={(_c, all) => {
        refreshComputed(form, instance, all as Data);
        onValuesChange?.(instance.getFieldsValue() as Data);
      }}
      onFinish={(values) => onFinish?.(withComputed(form.schema, phoneValues(values as Data, form)))}
      onFinishFailed={() => onFinishFailed?.()}
      footer={footer}
    >
      {fields.map((f) => (
        <MobileField
          key={f.name}
          f={f}
          t={t}
          rule={ruleFor(f.name)}
          schema={form.schema}
          attach={appCode === undefined ? undefined : { code: appCode, labels: form.fieldLabels }}
        />
      ))}
    </Form>
  );
}
