import type React from 'react';
import { Button, Popup, ProgressBar, Result, Selector, Space, Steps, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBatch } from '../batch/use-batch.ts';
import type { TaskSelection } from '../batch/use-task-selection.ts';

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
  return (
    <Popup visible={open} onMaskClick={b.running ? undefined : onClose} bodyStyle={{ padding: 16, boxSizing: 'border-box', maxHeight: '80vh', overflow: 'auto', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <Steps current={b.step} style={{ '--title-font-size': '13px' } as React.CSSProperties}>
        <Steps.Step title={t('batch.stepChoose')} />
        <Steps.Step title={t('batch.stepProgress')} />
        <Steps.Step title={t('batch.stepErrors')} />
      </Steps>
      {b.step === 0 && (
        <Space direction="vertical" block>
          <NoticeBar color="alert" wrap content={t('batch.warning')} />
          <div>{t('batch.selected', { count: b.count })}</div>
          {b.actions.length === 0 ? <div>{t('batch.noCommonAction')}</div> : (
            <Selector columns={3} value={b.actionId ? [b.actionId] : []} onChange={(v) => b.setActionId(v[0])}
              options={b.actions.map((a) => ({ value: a.id, label: <span data-testid={`batch-action-${a.id}`}>{a.name}</span> }))} />
          )}
          <Button block color="primary" data-testid="batch-confirm" disabled={!b.actionId || b.count === 0} onClick={() => void b.start()}>
            {t('batch.confirm', { count: b.count })}
          </Button>
          <Button block onClick={onClose}>{t('batch.close')}</Button>
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
          <ProgressBar percent={b.percent} text style={{ '--fill-color': 'var(--adm-color-danger)' } as React.CSSProperties} />
          <NoticeBar color="error" wrap content={t('batch.failedCount', { count: b.failures.length })} />
          <ol>
            {b.failures.map((f) => (
              <li key={f.taskId} data-testid={`batch-error-${f.taskId}`}>
                <b>{f.entry}</b>{t('batch.errorSep')}<span style={{ color: 'var(--adm-color-danger)' }}>{f.error}</span>
              </li>
            ))}
          </ol>
          <Button block color="primary" data-testid="batch-retry" onClick={b.retry}>{t('batch.retry')}</Button>
          <Button block data-testid="batch-close" onClick={onClose}>{t('batch.close')}</Button>
        </Space>
      )}
    </Popup>
  );
}
