import { Button, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Action, ProcessDetail } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-client.ts';
import { resubmitPath } from '../../../lib/routing/paths.ts';
import { needsReason, useActOnTask } from '../../actions/act-on-task.ts';
import { useProcessAction } from '../../actions/process-action.ts';
import type { PowerMode } from '../api/approval-powers.ts';
import { useShowsUrge } from '../api/shows-urge.ts';
import { PowerDialog } from './power-dialog.tsx';
import { UrgeButton } from './urge-button.tsx';

/**
 * Buttons for my open task of the process and withdraw for the starter. The remark is optional, except for a
 * reject: that needs a reason and a confirmation, and is styled as a danger action.
 */
export function TaskActions({ process }: { process: ProcessDetail }) {
  const { t } = useTranslation('detail');
  const { message } = useAppMessage();
  const act = useActOnTask();
  const processAct = useProcessAction();
  const [remark, setRemark] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [power, setPower] = useState<PowerMode | null>(null);
  const showsUrge = useShowsUrge(process);
  const onError = (e: unknown) => void message.error(errorText(e));

  if (!process.myTask && !process.canWithdraw && !showsUrge) return null;
  const task = process.myTask;
  const run = (a: Action) =>
    act.mutate(
      { taskId: task!.id, actionId: a.id, remark: remark.trim() },
      {
        onSuccess: () => {
          void message.success(t('handled', { action: a.name }));
          setRemark('');
        },
        onError,
      },
    );
  const rejectable = task?.actions.some((a) => needsReason(a)) ?? false;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {task && (
        <>
          <Input.TextArea
            id="task-remark"
            aria-label={t('remarkLabel')}
            rows={2}
            maxLength={500}
            value={remark}
            placeholder={rejectable ? t('remarkPlaceholderReject') : t('remarkPlaceholder')}
            status={reasonMissing ? 'error' : undefined}
            onChange={(e) => {
              setRemark(e.target.value);
              setReasonMissing(false);
            }}
            data-testid="task-remark"
          />
          {reasonMissing && (
            <Typography.Text type="danger" data-testid="reason-required">
              {t('reasonRequired')}
            </Typography.Text>
          )}
          <Space wrap>
            {task.actions.map((a) =>
              needsReason(a) ? (
                <Popconfirm
                  key={a.id}
                  title={t('rejectConfirm', { action: a.name })}
                  okText={a.name}
                  okButtonProps={{ danger: true }}
                  cancelText={t('cancel')}
                  disabled={remark.trim() === ''}
                  onConfirm={() => run(a)}
                >
                  <Button
                    danger
                    loading={act.isPending}
                    data-testid={`task-action-${a.id}`}
                    onClick={() => setReasonMissing(remark.trim() === '')}
                  >
                    {a.name}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  key={a.id}
                  type="primary"
                  loading={act.isPending}
                  data-testid={`task-action-${a.id}`}
                  onClick={() => run(a)}
                >
                  {a.name}
                </Button>
              ),
            )}
            {/* Approval powers on a step's task; a resubmission (its only action is resubmit) offers none. */}
            {!task.actions.some((a) => a.id === 'resubmit') && (
              <>
                <Button data-testid="power-transfer" onClick={() => setPower('transfer')}>
                  {t('powers.transfer')}
                </Button>
                <Button data-testid="power-addSigner" onClick={() => setPower('addSigner')}>
                  {t('powers.addSigner')}
                </Button>
                {task.returnTo.length > 0 && (
                  <Button data-testid="power-return" onClick={() => setPower('return')}>
                    {t('powers.return')}
                  </Button>
                )}
              </>
            )}
          </Space>
          {task.actions.some((a) => a.id === 'resubmit') && (
            <Space wrap>
              <Typography.Text type="secondary">{t('powers.resubmitHint')}</Typography.Text>
              <Link to={resubmitPath(process.app.code, process.id)} data-testid="resubmit-edit">
                {t('powers.resubmitEdit')}
              </Link>
            </Space>
          )}
          {power && <PowerDialog mode={power} process={process} onClose={() => setPower(null)} />}
        </>
      )}
      <UrgeButton process={process} />
      {process.canWithdraw && (
        <Popconfirm
          title={t('withdrawConfirm')}
          onConfirm={() =>
            processAct.mutate(
              { id: process.id, body: { action: 'withdraw' } },
              {
                onSuccess: () => void message.success(t('withdrawn')),
                onError,
              },
            )
          }
        >
          <Button danger data-testid="withdraw">
            {t('withdraw')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
