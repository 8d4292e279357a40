import { Alert, Button, Modal, Popconfirm, Progress, Result, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { useBatch } from '../batch/use-batch.ts';
import type { TaskSelection } from '../batch/use-task-selection.ts';
import { BatchPlan } from './batch-plan.tsx';

interface Props {
  open: boolean;
  selection: TaskSelection;
  onClose: () => void;
  onAllDone: () => void;
  /** An action id to choose at once (keyboard triage). */
  preferred?: string;
}

/** Batch handling (docs/product.md §4): choose an action and see each item's → progress → failures. */
export function BatchModal({ open, selection, onClose, onAllDone, preferred }: Props) {
  const { t } = useTranslation('todo');
  const b = useBatch(selection, open, onClose, onAllDone, preferred);
  const canStart = Boolean(b.chosen) && b.sendable > 0 && !b.reasonMissing;
  const confirmLabel = b.chosen
    ? t('batch.confirmAction', { action: b.chosen.name, count: b.sendable })
    : t('batch.confirm', { count: b.sendable });

  const footer = [
    <Button key="close" data-testid="batch-close" onClick={onClose} disabled={b.running}>
      {t('batch.close')}
    </Button>,
    b.step === 0 &&
      (b.reasonRequired ? (
        <Popconfirm
          key="ok"
          title={t('batch.rejectConfirm', { action: b.chosen?.name, count: b.sendable })}
          okText={b.chosen?.name}
          okButtonProps={{ danger: true, 'data-testid': 'batch-reject-ok' } as { danger: boolean }}
          cancelText={t('batch.cancel')}
          disabled={!canStart}
          onConfirm={() => void b.start()}
        >
          <Button type="primary" danger data-testid="batch-confirm" disabled={!canStart}>
            {confirmLabel}
          </Button>
        </Popconfirm>
      ) : (
        <Button
          key="ok"
          type="primary"
          data-testid="batch-confirm"
          disabled={!canStart}
          autoFocus={Boolean(preferred)}
          onClick={() => void b.start()}
        >
          {confirmLabel}
        </Button>
      )),
    b.step === 2 && b.retryable > 0 && (
      <Button key="retry" type="primary" data-testid="batch-retry" onClick={b.retry}>
        {t('batch.retry')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Modal
      open={open}
      title={t('batch.title')}
      width={680}
      onCancel={b.running ? undefined : onClose}
      closable={!b.running}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={b.step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('batch.stepChoose') }, { title: t('batch.stepProgress') }, { title: t('batch.stepErrors') }]}
      />
      {b.step === 0 && <BatchPlan b={b} />}
      {b.step === 1 && (
        <div data-testid="batch-progress" data-percent={b.percent}>
          <Progress
            percent={b.percent}
            status={b.running ? 'active' : 'success'}
            aria-label={t('batch.stepProgress')}
          />
          {!b.running && <Result status="success" title={t('batch.done')} />}
        </div>
      )}
      {b.step === 2 && (
        <div data-testid="batch-errors">
          <Progress percent={b.percent} status="exception" aria-label={t('batch.stepProgress')} />
          <Alert
            type="error"
            showIcon
            style={{ margin: '12px 0' }}
            message={t('batch.failedCount', { count: b.failures.length })}
            description={
              <>
                {b.retryable > 0 && <div>{t('batch.retryableCount', { count: b.retryable })}</div>}
                {b.failures.length > b.retryable && (
                  <div>{t('batch.goneCount', { count: b.failures.length - b.retryable })}</div>
                )}
              </>
            }
          />
          <ol>
            {b.failures.map((f) => (
              <li key={f.taskId} data-testid={`batch-error-${f.taskId}`} data-gone={f.gone ? 'yes' : 'no'}>
                <Typography.Text strong>{f.entry}</Typography.Text>
                {t('batch.errorSep')}
                <Typography.Text type="danger">{f.error}</Typography.Text>
                {f.gone && <Typography.Text type="secondary">{t('batch.goneNote')}</Typography.Text>}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
