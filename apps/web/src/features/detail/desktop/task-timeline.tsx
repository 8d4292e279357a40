import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { ProcessDetail, ProcessTask } from '@service-hall/contracts';

import { endingTaskId } from '../../../lib/domain/process-status.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { taskActionText, timelineEntries } from '../logic/timeline-entries.ts';

/**
 * The history of a process, starting with "submitted by …": each task — who acted (on whose behalf), the action,
 * time and remark (or through which system), including a task closed by 转办 (to whom), 加签 or 退回 — and each 催办,
 * in time order; pending steps highlighted.
 */
export function TaskTimeline({ process }: { process: ProcessDetail }) {
  const { t } = useTranslation('detail');
  const ending = endingTaskId(process.status, process.tasks);
  const item = (task: ProcessTask) => {
    const pending = task.status === 'todo';
    return {
      key: task.id,
      color: pending ? 'blue' : task.status === 'cancelled' ? 'gray' : task.id === ending ? 'red' : 'green',
      children: (
        <div
          data-testid={`timeline-${task.id}`}
          data-pending={pending || undefined}
          data-ending={task.id === ending || undefined}
          style={
            pending
              ? { background: 'var(--ant-color-primary-bg, #e6f4ff)', padding: '4px 8px', borderRadius: 6 }
              : undefined
          }
        >
          <Typography.Text strong>{task.name}</Typography.Text>{' '}
          {pending ? (
            <Typography.Text type="warning">{t('pending', { name: task.assignee?.name ?? '' })}</Typography.Text>
          ) : task.status === 'cancelled' && !task.actionUser ? (
            <Typography.Text type="secondary">{t('cancelled')}</Typography.Text>
          ) : (
            <>
              <span>{task.actionUser?.name}</span>
              {task.onBehalfOf && (
                <Typography.Text type="secondary">{t('onBehalfOf', { name: task.onBehalfOf.name })}</Typography.Text>
              )}
              {task.viaSystem && (
                <Typography.Text type="secondary" data-testid="via-system">
                  {t('viaSystem', { name: task.viaSystem.name })}
                </Typography.Text>
              )}
              {' · '}
              <Typography.Text data-testid={task.handedTo ? 'timeline-transferred' : undefined}>
                {taskActionText(task, t)}
              </Typography.Text>
              {task.actionTime ? (
                <Typography.Text type="secondary">
                  {' · '}
                  {formatDate(task.actionTime, true)}
                </Typography.Text>
              ) : null}
            </>
          )}
          {task.remark && (
            <div>
              <Typography.Text type="secondary">
                {t('remark')}
                {task.remark}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    };
  };
  return (
    <Timeline
      items={timelineEntries(process).map((e) =>
        e.kind === 'task'
          ? item(e.task)
          : {
              key: e.key,
              color: 'gray',
              children: (
                <div data-testid={e.kind === 'submitted' ? 'timeline-submitted' : undefined}>
                  <Typography.Text strong>
                    {t(e.kind === 'submitted' ? 'submittedBy' : 'urgedBy', { name: e.user })}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {' · '}
                    {formatDate(e.time, true)}
                  </Typography.Text>
                </div>
              ),
            },
      )}
    />
  );
}
