import { Button, ErrorBlock, Form, NoticeBar, Result, Skeleton, Space, Steps, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import type { DefinitionView, ProcessDetail } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { newIdempotencyKey } from '../../../lib/http/api-client.ts';
import { ApiError, errorText } from '../../../lib/http/api-error.ts';
import { detailPath, PATHS } from '../../../lib/routing/paths.ts';
import { uploadsInFlight } from '../../attachments/logic/in-flight.ts';
import { scrollToFirstError } from '../../form-render/logic/form-keys.ts';
import { fieldOf } from '../../form-render/logic/localise.ts';
import { PhoneFormView } from '../../form-render/mobile/phone-form-view.tsx';
import { useAppByCode } from '../api/get-app-by-code.ts';
import { useDefinition } from '../api/get-definition.ts';
import { useSubmitApplication, type Resubmission } from '../api/submit-application.ts';
import { useResubmission } from '../api/use-resubmission.ts';
import { drafts, hasUserInput } from '../logic/drafts.ts';
import { processSummary } from '../logic/process-summary.ts';

import '../apply.css';

type Data = Record<string, unknown>;

function MobileApplyForm({
  def,
  user,
  onDone,
  resubmission,
}: {
  def: DefinitionView;
  user?: string;
  onDone: (p: ProcessDetail) => void;
  resubmission?: Resubmission;
}) {
  const { t } = useTranslation('apply');
  const [form] = Form.useForm();
  const start = useSubmitApplication(resubmission);
  // Correcting a returned process: its data fills the form and no draft is kept.
  const initial = useRef(
    resubmission ? null : ((d) => (d && hasUserInput(d, def.form.schema) ? d : null))(drafts.load(user, def.code)),
  );
  const submit = (data: Data) => {
    if (uploadsInFlight.busy()) return void Toast.show({ content: t('attachments:stillUploading') });
    start.mutate(
      { code: def.code, data, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (p) => {
          drafts.clear(user, def.code);
          onDone(p);
          // The result replaces the form: show it from its top, not from where the submit button was.
          window.scrollTo(0, 0);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.details.length) {
            form.setFields(err.details.map((d) => ({ name: fieldOf(d.field), errors: [d.message] })));
          }
          Toast.show({ icon: 'fail', content: errorText(err) });
        },
      },
    );
  };

  return (
    <>
      {initial.current && <NoticeBar content={t('draftRestored')} color="info" data-testid="draft-restored" />}
      <PhoneFormView
        form={def.form}
        appCode={def.code}
        instance={form}
        initialValues={resubmission?.data ?? initial.current ?? {}}
        onValuesChange={(all) => {
          if (resubmission) return;
          if (hasUserInput(all, def.form.schema)) drafts.save(user, def.code, all);
          else drafts.clear(user, def.code);
        }}
        onFinish={submit}
        onFinishFailed={() => {
          Toast.show({ content: t('fixErrors') });
          scrollToFirstError();
        }}
        footer={
          <Button block type="submit" color="primary" size="large" loading={start.isPending} data-testid="apply-submit">
            {t('submit')}
          </Button>
        }
      />
    </>
  );
}

/** Mobile /workflow/apply?code=. */
export default function MobileApplyPage() {
  const { t } = useTranslation('apply');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const profile = useProfile();
  const def = useDefinition(code);
  const app = useAppByCode(code);
  const [created, setCreated] = useState<ProcessDetail | null>(null);
  const navigate = useNavigate();
  const again = useResubmission();

  if (!code) return <ErrorBlock status="empty" title={t('noCode')} description="" />;
  if (def.isLoading || again.pending)
    return (
      <div className="shm-page">
        <Skeleton.Paragraph lineCount={10} animated />
      </div>
    );
  if (def.error) return <ErrorBlock status="default" title={errorText(def.error)} description="" />;
  if (!def.data) {
    const a = app.data;
    return a?.uri ? (
      <div className="shm-page" data-testid="apply-external">
        <Result status="info" title={t('external')} description={t('externalHint', { name: a.name })} />
        <Button
          block
          color="primary"
          data-testid="open-external"
          onClick={() => {
            window.open(a.uri, '_blank', 'noopener,noreferrer');
          }}
        >
          {t('openExternal')}
        </Button>
      </div>
    ) : (
      <ErrorBlock status="empty" title={t('notFound')} description="" data-testid="apply-not-found" />
    );
  }
  if (created) {
    const s = processSummary(created);
    return (
      <div className="shm-page" data-testid="apply-result">
        <Result
          status="success"
          title={t('submitted')}
          description={
            <div className="shm-apply-summary">
              <div>
                {t('labelled', { label: t('entry') })}
                <b data-testid="result-entry">{s.entry}</b>
              </div>
              {s.step && (
                <div>
                  {t('labelled', { label: t('currentStep') })}
                  <b data-testid="result-step">{s.step}</b>
                </div>
              )}
              {s.handlers.length > 0 && (
                <div>
                  {t('labelled', { label: t('handlers') })}
                  <b data-testid="result-handlers">{s.handlers.join(t('listSep'))}</b>
                </div>
              )}
            </div>
          }
        />
        <Space direction="vertical" block className="shm-apply-actions">
          <Button
            block
            color="primary"
            data-testid="result-detail"
            onClick={() => void navigate(detailPath(created.id))}
          >
            {t('viewDetail')}
          </Button>
          <Button block fill="outline" onClick={() => void navigate(PATHS.apps)}>
            {t('backHome')}
          </Button>
        </Space>
      </div>
    );
  }
  if (again.refused)
    return <ErrorBlock status="empty" title={t('resubmitGone')} description="" data-testid="resubmit-gone" />;
  const d = def.data;
  return (
    <div className="shm-page" data-testid="page-apply">
      <h1 className="sh-apply-title" data-testid="apply-title">
        {d.name}
      </h1>
      {again.resubmission && <NoticeBar content={t('resubmitting')} color="alert" data-testid="resubmitting" />}
      {d.description && <p className="sh-apply-desc">{d.description}</p>}
      <MobileApplyForm
        def={d}
        user={profile.data?.account ?? profile.data?.email}
        onDone={setCreated}
        resubmission={again.resubmission}
      />
      <h2 className="sh-section-title">{t('flow')}</h2>
      <Steps direction="vertical">
        {d.steps.map((s) => (
          <Steps.Step key={s.id} title={s.name} status="wait" />
        ))}
      </Steps>
    </div>
  );
}
