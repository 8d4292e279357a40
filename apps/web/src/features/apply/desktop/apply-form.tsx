import { useMemo, useRef, useState } from 'react';
import Form from '@rjsf/antd';
import { EngineFormValidator } from './engine-form-validator.ts';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { Alert, App as AntApp, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DefinitionView, ProcessDetail } from '@service-hall/contracts';
import { ApiError, errorText } from '../../../lib/api-error.ts';
import { newIdempotencyKey } from '../../../lib/api-client.ts';
import { useStartProcess } from '../api/start-process.ts';
import { localise, fieldOf } from '../logic/localise.ts';
import { drafts, hasUserInput } from '../logic/drafts.ts';

type Data = Record<string, unknown>;

interface Props {
  def: DefinitionView;
  user?: string;
  onDone: (p: ProcessDetail) => void;
}

/** The definition's JSON-Schema form (rjsf + antd), validated in the browser, with a per-user draft. */
export function ApplyForm({ def, user, onDone }: Props) {
  const { t, i18n } = useTranslation('apply');
  const { message } = AntApp.useApp();
  const start = useStartProcess();
  const initial = useRef(((d) => (d && hasUserInput(d, def.form.schema) ? d : null))(drafts.load(user, def.code)));
  const [data, setData] = useState<Data>(initial.current ?? {});
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const [formKey, setFormKey] = useState(0);
  const lng = i18n.language;

  const labels = useMemo(
    () => Object.fromEntries(Object.entries(def.form.fieldLabels).map(([k, v]) => [k, lng === 'en' ? v.en : v.zh])),
    [def, lng],
  );
  const schema = useMemo(() => {
    const s = structuredClone(def.form.schema) as RJSFSchema & { properties?: Record<string, RJSFSchema> };
    for (const [k, p] of Object.entries(s.properties ?? {})) p.title = labels[k] ?? p.title ?? k;
    return s;
  }, [def, labels]);
  const uiSchema = useMemo(
    () => ({ ...localise(def.form.uiSchema, lng), 'ui:submitButtonOptions': { norender: true } }) as UiSchema,
    [def, lng],
  );
  // The engine's validator, as on the server: its messages are already in zh and en.
  const validator = useMemo(() => new EngineFormValidator(def.form, lng), [def, lng]);

  const submit = (formData: Data) => {
    setServerErrors(undefined);
    start.mutate(
      { code: def.code, data: formData, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (p) => {
          drafts.clear(user, def.code);
          onDone(p);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.details.length) {
            const es: Record<string, { __errors: string[] }> = {};
            for (const d of err.details) (es[fieldOf(d.field)] ??= { __errors: [] }).__errors.push(d.message);
            setServerErrors(es as ErrorSchema);
          }
          void message.error(errorText(err));
        },
      },
    );
  };

  return (
    <div className="sh-apply-form" data-testid="apply-form">
      {initial.current && <Alert className="sh-apply-alert" type="info" showIcon message={t('draftRestored')} data-testid="draft-restored" />}
      <Form
        key={formKey}
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        showErrorList={false}
        noHtml5Validate
        extraErrors={serverErrors}
        transformErrors={(errs) => errs.map((e) => ({ ...e, stack: e.message ?? '' }))}
        onChange={(e) => {
          const fd = (e.formData ?? {}) as Data;
          setData(fd);
          if (hasUserInput(fd, def.form.schema)) drafts.save(user, def.code, fd);
          else drafts.clear(user, def.code);
        }}
        onSubmit={(e) => submit((e.formData ?? {}) as Data)}
        onError={() => void message.warning(t('fixErrors'))}
      >
        <Space className="sh-apply-actions">
          <Button type="primary" htmlType="submit" size="large" loading={start.isPending} data-testid="apply-submit">
            {start.isPending ? t('submitting') : t('submit')}
          </Button>
          <Button size="large" data-testid="apply-clear"
            onClick={() => { drafts.clear(user, def.code); setData({}); setServerErrors(undefined); setFormKey((k) => k + 1); }}>
            {t('clearDraft')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
