import { Button, Card, Dialog, ErrorBlock, List, Rate, Skeleton, Space, Tag, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import type { Action } from '@service-hall/contracts';

import { STATUS_TAG_COLOR_MOBILE } from '../../../lib/domain/process-status.ts';
import { errorText } from '../../../lib/http/api-client.ts';
import { resubmitPath } from '../../../lib/routing/paths.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { needsReason, useActOnTask } from '../../actions/act-on-task.ts';
import { useProcessAction } from '../../actions/process-action.ts';
import { AttachmentLinks } from '../../attachments/mobile/attachment-links.tsx';
import { useLiveRefresh } from '../../live/live-refresh.tsx';
import type { PowerMode } from '../api/approval-powers.ts';
import { formFields } from '../api/form-fields.ts';
import { useDefinition } from '../api/get-definition.ts';
import { useProcess } from '../api/get-process.ts';
import { FlowSteps } from './flow-steps.tsx';
import { PowerPopup } from './power-popup.tsx';
import { ProcessTimeline } from './process-timeline.tsx';
import { UrgeBlock } from './urge-block.tsx';

/** /workflow/detail on mobile: header, my actions, form data, timeline, copied people, rating. */
export default function DetailPage() {
  const { t, i18n } = useTranslation('detail');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = useProcess(params.get('id') ?? '');
  const p = q.data;
  const def = useDefinition(p?.app.code || undefined, i18n.language);
  const act = useActOnTask();
  const pAct = useProcessAction();
  const [remark, setRemark] = useState('');
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [power, setPower] = useState<PowerMode | null>(null);
  const fail = (e: unknown) => Toast.show({ icon: 'fail', content: errorText(e) });
  // A reject needs a reason and a confirmation (see needsReason).
  const handle = async (a: Action) => {
    if (!p?.myTask) return;
    if (needsReason(a)) {
      if (remark.trim() === '') return setReasonMissing(true);
      const ok = await Dialog.confirm({
        content: t('rejectConfirm', { action: a.name }),
        cancelText: t('cancel'),
        confirmText: (
          <span style={{ color: 'var(--adm-color-danger)' }} data-testid="reject-ok">
            {a.name}
          </span>
        ),
      });
      if (!ok) return;
    }
    act.mutate(
      { taskId: p.myTask.id, actionId: a.id, remark: remark.trim() },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('handled', { action: a.name }) });
          setRemark('');
        },
        onError: fail,
      },
    );
  };

  if (q.isLoading) return <Skeleton.Paragraph lineCount={8} animated />;
  if (q.isError || !p) return <ErrorBlock status="default" title={t('loadFailed')} description={errorText(q.error)} />;
  const resubmission = p.myTask?.actions.some((a) => a.id === 'resubmit') ?? false;
  return (
    <div className="shm-page" data-testid="process-detail">
      <List header={p.name}>
        <List.Item
          extra={
            <Tag color={STATUS_TAG_COLOR_MOBILE[p.status]} data-testid="process-status" data-status={p.status}>
              {t(`status.${p.status}`)}
            </Tag>
          }
        >
          {t('entry')}: {p.entry}
        </List.Item>
        <List.Item extra={p.app.name}>{t('app')}</List.Item>
        <List.Item extra={p.owner?.name}>{t('owner')}</List.Item>
        <List.Item extra={formatDate(p.create, true)}>{t('create')}</List.Item>
        <List.Item extra={formatDate(p.update, true)}>{t('update')}</List.Item>
      </List>
      {p.myTask && (
        <Card title={t('handle')}>
          <TextArea
            rows={2}
            maxLength={500}
            value={remark}
            aria-label={t('remarkLabel')}
            data-testid="task-remark"
            onChange={(v) => {
              setRemark(v);
              setReasonMissing(false);
            }}
            placeholder={
              p.myTask.actions.some((a) => needsReason(a)) ? t('remarkPlaceholderReject') : t('remarkPlaceholder')
            }
          />
          {reasonMissing && (
            <div style={{ color: 'var(--adm-color-danger)', fontSize: 13 }} data-testid="reason-required">
              {t('reasonRequired')}
            </div>
          )}
          <Space wrap style={{ marginTop: 8 }}>
            {p.myTask.actions.map((a) => (
              <Button
                key={a.id}
                color={needsReason(a) ? 'danger' : 'primary'}
                fill={needsReason(a) ? 'outline' : 'solid'}
                size="small"
                loading={act.isPending}
                data-testid={`task-action-${a.id}`}
                onClick={() => void handle(a)}
              >
                {a.name}
              </Button>
            ))}
            {!resubmission && (
              <>
                <Button size="small" data-testid="power-transfer" onClick={() => setPower('transfer')}>
                  {t('powers.transfer')}
                </Button>
                <Button size="small" data-testid="power-addSigner" onClick={() => setPower('addSigner')}>
                  {t('powers.addSigner')}
                </Button>
                {p.myTask.returnTo.length > 0 && (
                  <Button size="small" data-testid="power-return" onClick={() => setPower('return')}>
                    {t('powers.return')}
                  </Button>
                )}
              </>
            )}
          </Space>
          {resubmission && <div style={{ marginTop: 8, fontSize: 13 }}>{t('powers.resubmitHint')}</div>}
          {resubmission && (
            <Button
              block
              size="small"
              fill="outline"
              color="primary"
              style={{ marginTop: 8 }}
              data-testid="resubmit-edit"
              onClick={() => void navigate(resubmitPath(p.app.code, p.id))}
            >
              {t('powers.resubmitEdit')}
            </Button>
          )}
          {power && <PowerPopup mode={power} process={p} onClose={() => setPower(null)} />}
        </Card>
      )}
      <UrgeBlock process={p} />
      {p.canWithdraw && (
        <div style={{ padding: 12 }}>
          <Button
            block
            color="danger"
            fill="outline"
            data-testid="withdraw"
            onClick={() =>
              void Dialog.confirm({
                content: t('withdrawConfirm'),
                onConfirm: () =>
                  pAct.mutateAsync({ id: p.id, body: { action: 'withdraw' } }).then(
                    () => void Toast.show({ content: t('withdrawn') }),
                    (e: unknown) => void fail(e),
                  ),
              })
            }
          >
            {t('withdraw')}
          </Button>
        </div>
      )}
      <List header={t('formData')}>
        {formFields(p.data, def.data, i18n.language, i18n.t, p.dataNames).map((f) =>
          f.files ? (
            <List.Item key={f.key} description={<AttachmentLinks files={f.files} />}>
              {f.label}
            </List.Item>
          ) : (
            <List.Item key={f.key} extra={f.value}>
              {f.label}
            </List.Item>
          ),
        )}
      </List>
      <FlowSteps nodes={p.diagram} status={p.status} />
      <ProcessTimeline process={p} />
      <List header={t('cc')}>
        <List.Item>
          {p.cc.length ? p.cc.map((c) => c.user.name + (c.read ? t('ccRead') : '')).join(', ') : t('noCc')}
        </List.Item>
      </List>
      {p.status !== 'doing' && (
        <Card title={t('rating')}>
          {p.rating ? (
            <>
              <Rate readOnly value={p.rating} />
              <div>{p.review}</div>
            </>
          ) : p.canRate ? (
            <Space direction="vertical" block data-testid="rate-form">
              <Rate value={rating} onChange={setRating} />
              <TextArea
                rows={2}
                maxLength={500}
                value={review}
                onChange={setReview}
                placeholder={t('ratePlaceholder')}
              />
              <Button
                color="primary"
                block
                disabled={rating < 1}
                loading={pAct.isPending}
                data-testid="rate-submit"
                onClick={() =>
                  pAct.mutate(
                    { id: p.id, body: { action: 'rate', rating, remark: review } },
                    {
                      onSuccess: () => Toast.show({ icon: 'success', content: t('rated') }),
                      onError: fail,
                    },
                  )
                }
              >
                {t('rate')}
              </Button>
            </Space>
          ) : (
            t('notRated')
          )}
        </Card>
      )}
    </div>
  );
}
