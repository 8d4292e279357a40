import { Card, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import type { ProcessDetail, ProcessTask } from '@service-hall/contracts';

import { endingTaskId } from '../../../lib/domain/process-status.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { taskActionText, timelineEntries } from '../logic/timeline-entries.ts';

/** The history on the phone: "submitted by …" first, then tasks (with 转办/加签/退回 and their reasons) and urges. */
export function ProcessTimeline({ process }: { process: ProcessDetail }) {
  const { t } = useTranslation('detail');
  const ending = endingTaskId(process.status, process.tasks);
  const describe = (x: ProcessTask) => {
    if (x.status === 'todo') return t('pending', { name: x.assignee?.name ?? '' });
    if (x.status === 'cancelled' && !x.actionUser) return t('cancelled');
    return (
      `${x.actionUser?.name ?? ''}${x.onBehalfOf ? t('onBehalfOf', { name: x.onBehalfOf.name }) : ''}${x.viaSystem ? t('viaSystem', { name: x.viaSystem.name }) : ''} · ${taskActionText(x, t)}` +
      `${x.actionTime ? ` · ${formatDate(x.actionTime, true)}` : ''}${x.remark ? ` · ${t('remark')}${x.remark}` : ''}`
    );
  };
  return (
    <Card title={t('timeline')}>
      <Steps direction="vertical">
        {timelineEntries(process).map((e) =>
          e.kind === 'task' ? (
            <Steps.Step
              key={e.key}
              title={e.task.name}
              description={describe(e.task)}
              status={
                e.task.status === 'todo'
                  ? 'process'
                  : e.task.status === 'cancelled'
                    ? 'wait'
                    : e.task.id === ending
                      ? 'error'
                      : 'finish'
              }
            />
          ) : (
            <Steps.Step
              key={e.key}
              status="finish"
              title={
                <span data-testid={e.kind === 'submitted' ? 'timeline-submitted' : undefined}>
                  {t(e.kind === 'submitted' ? 'submittedBy' : 'urgedBy', { name: e.user })}
                </span>
              }
              description={formatDate(e.time, true)}
            />
          ),
        )}
      </Steps>
    </Card>
  );
}
