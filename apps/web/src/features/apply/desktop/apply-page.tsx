import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Result, Skeleton, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import type { ProcessDetail } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { errorText } from '../../../lib/http/api-error.ts';
import { detailPath, PATHS } from '../../../lib/routing/paths.ts';
import { useAppByCode } from '../api/get-app-by-code.ts';
import { useDefinition } from '../api/get-definition.ts';
import { useResubmission } from '../api/use-resubmission.ts';
import { processSummary } from '../logic/process-summary.ts';
import { ApplyForm } from './apply-form.tsx';

import '../apply.css';

/** /workflow/apply?code=: fill and submit a built-in app's form, or open an external app. */
export default function ApplyPage() {
  const { t } = useTranslation('apply');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const profile = useProfile();
  const def = useDefinition(code);
  const app = useAppByCode(code);
  const [created, setCreated] = useState<ProcessDetail | null>(null);
  const [round, setRound] = useState(0);
  const again = useResubmission();

  if (!code)
    return (
      <div className="sh-page">
        <Empty description={t('noCode')} />
      </div>
    );
  if (def.isLoading || again.pending)
    return (
      <div className="sh-page">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  if (def.error) return <Alert type="error" showIcon message={errorText(def.error)} />;

  if (!def.data) {
    const a = app.data;
    if (a?.uri) {
      return (
        <Result
          className="sh-page"
          icon={<ExportOutlined />}
          title={t('external')}
          subTitle={t('externalHint', { name: a.name })}
          data-testid="apply-external"
          extra={
            <Button type="primary" href={a.uri} target="_blank" rel="noopener noreferrer" data-testid="open-external">
              {t('openExternal')}
            </Button>
          }
        />
      );
    }
    return (
      <div className="sh-page">
        <Empty description={t('notFound')} data-testid="apply-not-found" />
      </div>
    );
  }

  if (created) {
    const s = processSummary(created);
    return (
      <Result
        className="sh-page"
        status="success"
        title={t('submitted')}
        data-testid="apply-result"
        subTitle={
          <div className="sh-apply-summary">
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
        extra={[
          <Link key="d" to={detailPath(created.id)} data-testid="result-detail">
            <Button type="primary">{t('viewDetail')}</Button>
          </Link>,
          <Button
            key="a"
            onClick={() => {
              setCreated(null);
              setRound((r) => r + 1);
            }}
          >
            {t('again')}
          </Button>,
          <Link key="h" to={PATHS.apps}>
            <Button>{t('backHome')}</Button>
          </Link>,
        ]}
      />
    );
  }

  if (again.refused)
    return (
      <div className="sh-page">
        <Empty description={t('resubmitGone')} data-testid="resubmit-gone" />
      </div>
    );
  const d = def.data;
  return (
    <div className="sh-apply" data-testid="page-apply">
      <Card className="sh-apply-main">
        <h1 className="sh-apply-title" data-testid="apply-title">
          {d.name}
        </h1>
        {again.resubmission && (
          <Alert
            className="sh-apply-alert"
            type="warning"
            showIcon
            message={t('resubmitting')}
            data-testid="resubmitting"
          />
        )}
        {d.description && <p className="sh-apply-desc">{d.description}</p>}
        <ApplyForm
          key={`${d.code}-${round}`}
          def={d}
          user={profile.data?.account ?? profile.data?.email}
          resubmission={again.resubmission}
          onDone={(p) => {
            setCreated(p);
            window.scrollTo(0, 0);
          }}
        />
      </Card>
      <Card className="sh-apply-side" title={t('flow')}>
        <Steps
          direction="vertical"
          size="small"
          current={-1}
          items={d.steps.map((s) => ({ title: s.name, status: 'wait' as const }))}
        />
      </Card>
    </div>
  );
}
