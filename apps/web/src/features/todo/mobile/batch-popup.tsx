import { Button, Dialog, NoticeBar, ProgressBar, Result, Space, Steps } from 'antd-mobile';
import type React from 'react';
import { useTranslation } from 'react-i18next';

import { SheetDialog } from '../../../lib/ui/sheet-dialog.tsx';
import { useBatch } from '../batch/use-batch.ts';
import type { TaskSelection } from '../batch/use-task-selection.ts';
import { BatchPlanMobile } from './batch-plan.tsx';

interface Props {
  open: boolean;
  selection: TaskSelection;
  onClose: () => void;
  onAllDone: () => void;
}

/** Mobile batch handling: the same three steps as desktop in a bottom sheet. */
export function BatchPopup({ open, selection, onClose, onAllDone }: Props) {
  const { t } = useTranslation('todo');
  const b = useBatch(selection, open, onClose, onAllDone);
  const canStart = Boolean(b.chosen) && b.sendable > 0 && !b.reasonMissing;
  const confirm = async () => {
    if (b.reasonRequired) {
      const ok = await Dialog.confirm({
        content: t('batch.rejectConfirm', { action: b.chosen?.name, count: b.sendable }),
        confirmText: (
          <span style={{ color: 'var(--adm-color-danger)' }} data-testid="batch-reject-ok">
            {b.chosen?.name}
          </span>
        ),
        cancelText: t('batch.cancel'),
      });
      if (!ok) return;
    }
    void b.start();
  };
  return (
    <SheetDialog
      visible={open}
      title={t('batch.title')}
      onClose={b.running ? undefined : onClose}
      testId="batch-dialog"
    >
      <Steps current={b.step} style={{ '--title-font-size': '13px' } as React.CSSProperties}>
        <Steps.Step title={t('batch.stepChoose')} />
        <Steps.Step title={t('batch.stepProgress')} />
        <Steps.Step title={t('batch.stepErrors')} />
      </Steps>
      {b.step === 0 && (
        <Space direction="vertical" block>
          <BatchPlanMobile b={b} />
          <Button
            block
            color={b.reasonRequired ? 'danger' : 'primary'}
            data-testid="batch-confirm"
            disabled={!canStart}
            onClick={() => void confirm()}
          >
            {b.chosen
              ? t('batch.confirmAction', { action: b.chosen.name, count: b.sendable })
              : t('batch.confirm', { count: b.sendable })}
          </Button>
          <Button block onClick={onClose}>
            {t('batch.close')}
          </Button>
        </Space>
      )}
      {b.step === 1 && (
        <div data-testid="batch-progress" data-percent={b.percent}>
          <ProgressBar percent={b.percent} text />
          {!b.running && <Result status="success" title={t('batch.done')} />}
        </div>
      )}
      {b.step === 2 && (
        <Space direction="vertical" block data-testid="batch-errors">
          <ProgressBar
            percent={b.percent}
            text
            style={{ '--fill-color': 'var(--adm-color-danger)' } as React.CSSProperties}
          />
          <NoticeBar color="error" wrap content={t('batch.failedCount', { count: b.failures.length })} />
          {b.retryable > 0 && <div>{t('batch.retryableCount', { count: b.retryable })}</div>}
          {b.failures.length > b.retryable && (
            <div>{t('batch.goneCount', { count: b.failures.length - b.retryable })}</div>
          )}
          <ol>
            {b.failures.map((f) => (
              <li key={f.taskId} data-testid={`batch-error-${f.taskId}`} data-gone={f.gone ? 'yes' : 'no'}>
                <b>{f.entry}</b>
                {t('batch.errorSep')}
                <span style={{ color: 'var(--adm-color-danger)' }}>{f.error}</span>
                {f.gone && <span style={{ color: 'var(--adm-color-weak)' }}>{t('batch.goneNote')}</span>}
              </li>
            ))}
          </ol>
          {b.retryable > 0 && (
            <Button block color="primary" data-testid="batch-retry" onClick={b.retry}>
              {t('batch.retry')}
            </Button>
          )}
          <Button block data-testid="batch-close" onClick={onClose}>
            {t('batch.close')}
          </Button>
        </Space>
      )}
    </SheetDialog>
  );
}
