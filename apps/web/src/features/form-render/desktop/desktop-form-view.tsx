import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { withComputed } from '../logic/computed-fields.ts';
import type { FormLike } from '../logic/field-message.ts';
import { keepEnterInDatePicker, scrollToFirstError } from '../logic/form-keys.ts';
import { localise } from '../logic/localise.ts';
import { EngineFormValidator } from './engine-form-validator.ts';
import { KindFieldTemplate } from './kinds/field-template.tsx';
import { kindFields, withKindFields } from './kinds/kind-fields.ts';

import '../form-render.css';

type Data = Record<string, unknown>;

interface Props {
  form: FormLike;
  data: Data;
  onChange: (data: Data) => void;
  onSubmit?: (data: Data) => void;
  onError?: () => void;
  extraErrors?: ErrorSchema;
  /** The buttons under the form (the apply page's submit and clear); none in the designer's preview. */
  children?: ReactNode;
  testId?: string;
  /** The app applied for: attachment fields upload for it. Without it (the designer's preview) they only show a note. */
  appCode?: string;
}

const templates = { FieldTemplate: KindFieldTemplate };

/**
 * A definition's form on desktop: rjsf + antd with the kinds' renderers (kinds/), validated by the engine's
 * validator in the page's language, computed fields kept up to date as the member types. The apply page and the
 * form designer's preview both draw forms with it.
 */
export function DesktopFormView({
  form,
  data,
  onChange,
  onSubmit,
  onError,
  extraErrors,
  children,
  testId = 'apply-form',
  appCode,
}: Props) {
  const { i18n } = useTranslation('apply');
  const lng = i18n.language;
  const schema = useMemo(() => {
    const s = structuredClone(form.schema) as RJSFSchema & { properties?: Record<string, RJSFSchema> };
    for (const [k, p] of Object.entries(s.properties ?? {})) {
      const label = form.fieldLabels[k];
      p.title = label ? (lng === 'en' ? label.en : label.zh) : (p.title ?? k);
    }
    return s;
  }, [form, lng]);
  const uiSchema = useMemo(
    () =>
      ({
        ...withKindFields(form.schema, localise(form.uiSchema ?? {}, lng) as UiSchema),
        'ui:submitButtonOptions': { norender: true },
      }) as UiSchema,
    [form, lng],
  );
  // A computed value follows its rule as well as the dates: the designer's preview changes rules under typed data.
  const shown = useMemo(() => withComputed(form.schema, data), [form, data]);
  // What the kinds' fields read from rjsf's registry: attachment fields upload for this app, named by these labels.
  const formContext = useMemo(() => ({ appCode, labels: form.fieldLabels }), [appCode, form]);
  // The engine's validator, as on the server: its messages are already in zh and en.
  const validator = useMemo(() => new EngineFormValidator(form, lng), [form, lng]);

  return (
    <div className="sh-apply-form" data-testid={testId} onKeyDownCapture={keepEnterInDatePicker}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={shown}
        validator={validator}
        fields={kindFields}
        formContext={formContext}
        templates={templates}
        showErrorList={false}
        noHtml5Validate
        extraErrors={extraErrors}
        transformErrors={(errs) => errs.map((e) => ({ ...e, stack: e.message ?? '' }))}
        onChange={(e) => onChange(withComputed(form.schema, (e.formData ?? {}) as Data))}
        onSubmit={(e) => onSubmit?.(withComputed(form.schema, (e.formData ?? {}) as Data))}
        focusOnFirstError={scrollToFirstError}
        onError={() => onError?.()}
      >
        {children ?? <></>}
      </Form>
    </div>
  );
}
