import { List, NoticeBar, Selector, Space, Tag, TextArea } from 'antd-mobile';
import type React from 'react';
import { useTranslation } from 'react-i18next';

import type { BatchState } from '../batch/use-batch.ts';

/** Step 0 of the mobile batch: the action, a reason for a reject, and what each ticked item will get. */
export function BatchPlanMobile({ b }: { b: BatchState }) {
  const { t } = useTranslation('todo');
  return (
    <Space direction="vertical" block>
      <NoticeBar color="alert" wrap content={t('batch.warning')} />
      <div>{t('batch.selected', { count: b.count })}</div>
      {b.choices.length === 0 ? (
        <div>{t('batch.noAction')}</div>
      ) : (
        <Selector
          columns={2}
          value={b.choice ? [b.choice] : []}
          onChange={(v) => b.setChoice(v[0])}
          options={b.choices.map((c) => ({
            value: c.key,
            label: (
              <span data-testid={`batch-action-${c.action.id}`} data-name={c.action.name}>
                {c.action.name}
                {c.count < b.count ? ` (${t('batch.offeredBy', { count: c.count, total: b.count })})` : ''}
              </span>
            ),
          }))}
        />
      )}
      {b.reasonRequired && (
        <div>
          <label htmlFor="batch-reason" style={{ fontWeight: 600 }}>
            {t('batch.reasonLabel')}
          </label>
          <TextArea
            id="batch-reason"
            rows={2}
            maxLength={500}
            value={b.reason}
            data-testid="batch-reason"
            placeholder={t('batch.reasonPlaceholder')}
            onChange={b.setReason}
            style={{ border: '1px solid var(--adm-color-border)', borderRadius: 4, padding: 4 }}
          />
          {b.reasonMissing && (
            <div style={{ color: 'var(--adm-color-danger)', fontSize: 13 }}>{t('batch.reasonRequired')}</div>
          )}
        </div>
      )}
      {b.chosen && (
        <>
          <div data-testid="batch-summary">
            {t('batch.summary', { sent: b.sendable, skipped: b.count - b.sendable })}
          </div>
          <List data-testid="batch-plan" style={{ '--padding-left': '8px' } as React.CSSProperties}>
            {b.plan.map((p) => (
              <List.Item
                key={p.task.id}
                data-testid={`batch-plan-${p.task.id}`}
                data-sent={p.action ? 'yes' : 'no'}
                description={p.task.process.entry}
                extra={
                  p.action ? (
                    <Tag color={b.reasonRequired ? 'danger' : 'primary'}>{p.action.name}</Tag>
                  ) : (
                    <span style={{ color: 'var(--adm-color-weak)', fontSize: 13 }}>{t('batch.notSent')}</span>
                  )
                }
              >
                {p.task.process.name}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Space>
  );
}
