import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space } from 'antd';
import type { ProcessDetail } from '@service-hall/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client.ts';
import { useActOnTask } from '../../live/act-on-task.ts';
import { useProcessAction } from '../../live/process-action.ts';

/** Buttons for my open task of the process (remark optional) and withdraw for the starter. */
export function TaskActions({ process }: { process: ProcessDetail }) {
  const { t } = useTranslation('detail');
  const { message } = App.useApp();
  const act = useActOnTask();
  const processAct = useProcessAction();
  const [remark, setRemark] = useState('');
  const onError = (e: unknown) => void message.error(errorText(e));

  if (!process.myTask && !process.canWithdraw) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {process.myTask && (
        <>
          <Input.TextArea rows={2} maxLength={500} value={remark} placeholder={t('remarkPlaceholder')}
            onChange={(e) => setRemark(e.target.value)} data-testid="task-remark" />
          <Space wrap>
            {process.myTask.actions.map((a) => (
              <Button key={a.id} type="primary" loading={act.isPending} data-testid={`task-action-${a.id}`}
                onClick={() => act.mutate({ taskId: process.myTask!.id, actionId: a.id, remark }, {
                  onSuccess: () => {
                    void message.success(t('handled', { action: a.name }));
                    setRemark('');
                  },
                  onError,
                })}>
                {a.name}
              </Button>
            ))}
          </Space>
        </>
      )}
      {process.canWithdraw && (
        <Popconfirm title={t('withdrawConfirm')} onConfirm={() => processAct.mutate({ id: process.id, body: { action: 'withdraw' } }, {
          onSuccess: () => void message.success(t('withdrawn')),
          onError,
        })}>
          <Button danger data-testid="withdraw">{t('withdraw')}</Button>
        </Popconfirm>
      )}
    </Space>
  );
}
