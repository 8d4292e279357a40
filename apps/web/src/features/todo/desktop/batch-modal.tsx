import { Alert, Button, Modal, Progress, Radio, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBatch } from '../batch/use-batch.ts';
import type { TaskSelection } from '../batch/use-task-selection.ts';

interface Props {
  open: boolean;
  selection: TaskSelection;
  onClose: () => void;
  onAllDone: () => void;
}

/** Batch handling (spec §4): choose an action common to the ticked tasks → progress → failures. */
export function BatchModal({ open, selection, onClose, onAllDone }: Props) {
  const { t } = useTranslation('todo');
  const b = useBatch(selection, open, onClose, onAllDone);

  const footer = [
    <Button key="close" data-testid="batch-close" onClick={onClose} disabled={b.running}>{t('batch.close')}</Button>,
    b.step === 0 && (
      <Button key="ok" type="primary" data-testid="batch-confirm" disabled={!b.actionId || b.count === 0} onClick={() => void b.start()}>
        {t('batch.confirm', { count: b.count })}
      </Button>
    ),
    b.step === 2 && (
      <Button key="retry" type="primary" data-testid="batch-retry" onClick={b.retry}>{t('batch.retry')}</Button>
    ),
  ].filter(Boolean);

  return (
    <Modal open={open} title={t('batch.title')} width={640} onCancel={b.running ? undefined : onClose}
      closable={!b.running} mask={{ closable: false }} footer={footer} destroyOnHidden>
      <Steps size="small" current={b.step} style={{ marginBottom: 24 }}
        items={[{ title: t('batch.stepChoose') }, { title: t('batch.stepProgress') }, { title: t('batch.stepErrors') }]} />
      {b.step === 0 && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert type="warning" showIcon message={t('batch.warning')} />
          <Typography.Text>{t('batch.selected', { count: b.count })}</Typography.Text>
          {b.actions.length === 0 ? (
            <Alert type="info" message={t('batch.noCommonAction')} />
          ) : (
            <Radio.Group value={b.actionId} onChange={(e) => b.setActionId(e.target.value as string)}>
              {b.actions.map((a) => (
                <Radio.Button key={a.id} value={a.id}><span data-testid={`batch-action-${a.id}`}>{a.name}</span></Radio.Button>
              ))}
            </Radio.Group>
          )}
          {!b.actionId && b.actions.length > 0 && <Typography.Text type="secondary">{t('batch.chooseRequired')}</Typography.Text>}
        </Space>
      )}
      {b.step === 1 && (
        <div data-testid="batch-progress" data-percent={b.percent}>
          <Progress percent={b.percent} status={b.running ? 'active' : 'success'} aria-label={t('batch.stepProgress')} />
          {!b.running && <Result status="success" title={t('batch.done')} />}
        </div>
      )}
      {b.step === 2 && (
        <div data-testid="batch-errors">
          <Progress percent={b.percent} status="exception" aria-label={t('batch.stepProgress')} />
          <Alert type="error" showIcon style={{ margin: '12px 0' }} message={t('batch.failedCount', { count: b.failures.length })} />
          <ol>
            {b.failures.map((f) => (
              <li key={f.taskId} data-testid={`batch-error-${f.taskId}`}>
                <Typography.Text strong>{f.entry}</Typography.Text>{t('batch.errorSep')}
                <Typography.Text type="danger">{f.error}</Typography.Text>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
