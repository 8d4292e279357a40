import type { ErrorSchema } from '@rjsf/utils';
import { Alert, Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { DefinitionView, ProcessDetail } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { newIdempotencyKey } from '../../../lib/http/api-client.ts';
import { ApiError, errorText } from '../../../lib/http/api-error.ts';
import { uploadsInFlight } from '../../attachments/logic/in-flight.ts';
import { DesktopFormView } from '../../form-render/desktop/desktop-form-view.tsx';
import { fieldOf } from '../../form-render/logic/localise.ts';
import { useSubmitApplication, type Resubmission } from '../api/submit-application.ts';
import { drafts, hasUserInput } from '../logic/drafts.ts';

type Data = Record<string, unknown>;

interface Props {
  def: DefinitionView;
  user?: string;
  onDone: (p: ProcessDetail) => void;
  /** Correcting a returned process: its data fills the form, and submitting resubmits it (no draft is kept). */
  resubmission?: Resubmission;
}

/** The definition's form (DesktopFormView), submitted to start (or resubmit) a process, with a per-user draft. */
export function ApplyForm({ def, user, onDone, resubmission }: Props) {
  const { t } = useTranslation('apply');
  const { message } = useAppMessage();
  const start = useSubmitApplication(resubmission);
  const initial = useRef(
    resubmission ? null : ((d) => (d && hasUserInput(d, def.form.schema) ? d : null))(drafts.load(user, def.code)),
  );
  const [data, setData] = useState<Data>(resubmission?.data ?? initial.current ?? {});
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const [formKey, setFormKey] = useState(0);

  const submit = (formData: Data) => {
    if (uploadsInFlight.busy())
      return void message.open({ type: 'warning', key: 'apply-uploading', content: t('attachments:stillUploading') });
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
          // One message per kind: pressing Enter again replaces it instead of stacking identical ones.
          void message.open({ type: 'error', key: 'apply-error', content: errorText(err) });
        },
      },
    );
  };

  return (
    <>
      {initial.current && (
        <Alert
          className="sh-apply-alert"
          type="info"
          showIcon
          message={t('draftRestored')}
          data-testid="draft-restored"
        />
      )}
      <DesktopFormView
        key={formKey}
        form={def.form}
        appCode={def.code}
        data={data}
        extraErrors={serverErrors}
        onChange={(fd) => {
          setData(fd);
          if (resubmission) return;
          if (hasUserInput(fd, def.form.schema)) drafts.save(user, def.code, fd);
          else drafts.clear(user, def.code);
        }}
        onSubmit={submit}
        onError={() => void message.open({ type: 'warning', key: 'apply-fix-errors', content: t('fixErrors') })}
      >
        <Space className="sh-apply-actions">
          <Button type="primary" htmlType="submit" size="large" loading={start.isPending} data-testid="apply-submit">
            {start.isPending ? t('submitting') : t('submit')}
          </Button>
          <Button
            size="large"
            data-testid="apply-clear"
            onClick={() => {
              drafts.clear(user, def.code);
              setData({});
              setServerErrors(undefined);
              setFormKey((k) => k + 1);
            }}
          >
            {t('clearDraft')}
          </Button>
        </Space>
      </DesktopFormView>
    </>
  );
}
