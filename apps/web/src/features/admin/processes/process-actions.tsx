import { Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AdminProcess } from '@service-hall/contracts';

import '../../../i18n/locales/lazy/adminProcesses.ts';

/** What a row offers: reassign and cancel on a running process of ours; on a pushed one only the system's name. */
export function rowActions(p: AdminProcess): { reassign: boolean; cancel: boolean; pushedBy: string | null } {
  const running = p.status === 'doing';
  const ours = running && !p.pushedBy;
  return {
    reassign: ours && p.openTasks.length > 0,
    cancel: ours,
    pushedBy: running && p.pushedBy ? p.pushedBy.name : null,
  };
}

/**
 * The actions of one row of the processes page. A running process of ours can be cancelled, and its open tasks
 * reassigned; a process an external system pushed runs in that system (the server answers 409 to both), so the row
 * names the system and says where to act instead of offering buttons that cannot work.
 */
export function ProcessActions({
  process: p,
  onReassign,
  onCancel,
}: {
  process: AdminProcess;
  onReassign: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminProcesses');
  const can = rowActions(p);
  if (can.pushedBy) {
    return (
      <Tooltip title={t('pushedHint', { system: can.pushedBy })}>
        <Tag data-testid="process-pushed">{t('pushedBy', { system: can.pushedBy })}</Tag>
      </Tooltip>
    );
  }
  if (!can.cancel) return null;
  return (
    <Space size={0}>
      {can.reassign && (
        <Button type="link" size="small" data-testid="process-reassign" onClick={onReassign}>
          {t('reassign')}
        </Button>
      )}
      <Button type="link" size="small" danger onClick={onCancel}>
        {t('cancelProcess')}
      </Button>
    </Space>
  );
}
