import { Timeline, Typography } from 'antd';
import type { ProcessStatus, ProcessTask } from '@service-hall/contracts';
import { endingTaskId } from '../../../lib/process-status.ts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/time.ts';

/**
 * Steps of a process: who acted (on whose behalf, or through which system), the action, time and remark; pending
 * steps highlighted.
 */
export function TaskTimeline({ tasks, status }: { tasks: ProcessTask[]; status: ProcessStatus }) {
  const { t } = useTranslation('detail');
  const ending = endingTaskId(status, tasks);
  return (
    <Timeline
      items={tasks.map((task) => {
        const pending = task.status === 'todo';
        return {
          key: task.id,
          color: pending ? 'blue' : task.status === 'cancelled' ? 'gray' : task.id === ending ? 'red' : 'green',
          children: (
            <div data-testid={`timeline-${task.id}`} data-pending={pending || undefined} data-ending={task.id === ending || undefined}
              style={pending ? { background: 'var(--ant-color-primary-bg, #e6f4ff)', padding: '4px 8px', borderRadius: 6 } : undefined}>
              <Typography.Text strong>{task.name}</Typography.Text>{' '}
              {pending ? (
                <Typography.Text type="warning">{t('pending', { name: task.assignee?.name ?? '' })}</Typography.Text>
              ) : task.status === 'cancelled' ? (
                <Typography.Text type="secondary">{t('cancelled')}</Typography.Text>
              ) : (
                <>
                  <span>{task.actionUser?.name}</span>
                  {task.onBehalfOf && <Typography.Text type="secondary">{t('onBehalfOf', { name: task.onBehalfOf.name })}</Typography.Text>}
                  {task.viaSystem && <Typography.Text type="secondary" data-testid="via-system">{t('viaSystem', { name: task.viaSystem.name })}</Typography.Text>}
                  {' · '}<Typography.Text>{task.actionName}</Typography.Text>
                  {task.actionTime ? <Typography.Text type="secondary">{' · '}{formatDate(task.actionTime, true)}</Typography.Text> : null}
                </>
              )}
              {task.remark && <div><Typography.Text type="secondary">{t('remark')}{task.remark}</Typography.Text></div>}
            </div>
          ),
        };
      })}
    />
  );
}
