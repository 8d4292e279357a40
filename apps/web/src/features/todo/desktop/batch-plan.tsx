import { Alert, Input, List, Radio, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { BatchState } from '../batch/use-batch.ts';

/** Step 0 of the batch: the action, a reason for a reject, and what each ticked item will get. */
export function BatchPlan({ b }: { b: BatchState }) {
  const { t } = useTranslation('todo');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Alert type="warning" showIcon message={t('batch.warning')} />
      <Typography.Text>{t('batch.selected', { count: b.count })}</Typography.Text>
      {b.choices.length === 0 ? (
        <Alert type="info" message={t('batch.noAction')} />
      ) : (
        <Radio.Group
          value={b.choice}
          onChange={(e) => b.setChoice(e.target.value as string)}
          aria-label={t('batch.stepChoose')}
        >
          {b.choices.map((c) => (
            <Radio.Button key={c.key} value={c.key}>
              <span data-testid={`batch-action-${c.action.id}`} data-name={c.action.name}>
                {c.action.name}
                {c.count < b.count ? ` (${t('batch.offeredBy', { count: c.count, total: b.count })})` : ''}
              </span>
            </Radio.Button>
          ))}
        </Radio.Group>
      )}
      {!b.choice && b.choices.length > 0 && (
        <Typography.Text type="secondary">{t('batch.chooseRequired')}</Typography.Text>
      )}
      {b.reasonRequired && (
        <div>
          <label htmlFor="batch-reason">
            <Typography.Text strong>{t('batch.reasonLabel')}</Typography.Text>
          </label>
          <Input.TextArea
            id="batch-reason"
            rows={2}
            maxLength={500}
            value={b.reason}
            data-testid="batch-reason"
            status={b.reasonMissing ? 'error' : undefined}
            placeholder={t('batch.reasonPlaceholder')}
            onChange={(e) => b.setReason(e.target.value)}
          />
          {b.reasonMissing && <Typography.Text type="danger">{t('batch.reasonRequired')}</Typography.Text>}
        </div>
      )}
      {b.chosen && (
        <>
          <Typography.Text data-testid="batch-summary">
            {t('batch.summary', { sent: b.sendable, skipped: b.count - b.sendable })}
          </Typography.Text>
          <List
            size="small"
            bordered
            data-testid="batch-plan"
            style={{ maxHeight: 240, overflow: 'auto' }}
            dataSource={b.plan}
            renderItem={(p) => (
              <List.Item data-testid={`batch-plan-${p.task.id}`} data-sent={p.action ? 'yes' : 'no'}>
                <Space size={4} wrap>
                  <Typography.Text strong>{p.task.process.entry}</Typography.Text>
                  <span>{p.task.process.name}</span>
                </Space>
                {p.action ? (
                  <Tag color={b.reasonRequired ? 'red' : 'blue'}>{p.action.name}</Tag>
                ) : (
                  <Typography.Text type="secondary">{t('batch.notSent')}</Typography.Text>
                )}
              </List.Item>
            )}
          />
        </>
      )}
    </Space>
  );
}
