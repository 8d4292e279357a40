import { Button, Dialog, List, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Delegation } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { errorText } from '../../../lib/http/api-client.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { SheetDialog } from '../../../lib/ui/sheet-dialog.tsx';
import { useDeleteEntrustee } from '../api/delete-entrustee.ts';
import { useEntrustees } from '../api/get-entrustees.ts';
import { useEntrusters } from '../api/get-entrusters.ts';
import { lastMoment } from '../logic/day-window.ts';
import { CreateDelegationSheet } from './create-delegation-sheet.tsx';

/** /workflow/entrust on mobile: 我委托的 (delete) and 委托我的, and a sheet to create one. */
export default function DelegationsPage() {
  const { t } = useTranslation('delegations');
  const userId = useProfile().data?.account;
  const given = useEntrustees(userId);
  const received = useEntrusters(userId);
  const del = useDeleteEntrustee(userId);
  const decline = useDeleteEntrustee(userId, 'received');
  const [creating, setCreating] = useState(false);

  const row = (d: Delegation, who: string, onDelete: () => void, kind: 'delete' | 'decline') => (
    <List.Item
      key={d.id}
      data-testid={`delegation-row-${d.id}`}
      description={`${formatDate(d.from, true)} – ${formatDate(lastMoment(d.to), true)}`}
      extra={
        <Button size="mini" color="danger" fill="outline" onClick={onDelete} data-testid={`delegation-${kind}-${d.id}`}>
          {t(kind)}
        </Button>
      }
    >
      {d.app?.name ?? t('allApps')} · {who}
    </List.Item>
  );
  const remove = (d: Delegation, kind: 'delete' | 'decline') =>
    void Dialog.confirm({
      content: t(kind === 'delete' ? 'deleteConfirm' : 'declineConfirm'),
      onConfirm: async () => {
        try {
          await (kind === 'delete' ? del : decline).mutateAsync(d.id);
          Toast.show({ icon: 'success', content: t(kind === 'delete' ? 'deleted' : 'declined') });
        } catch (e) {
          Toast.show({ icon: 'fail', content: errorText(e) });
        }
      },
    });

  return (
    <div className="shm-page">
      <div style={{ padding: 8 }}>
        <Button block color="primary" onClick={() => setCreating(true)} data-testid="delegation-new">
          {t('create')}
        </Button>
      </div>
      <Tabs>
        <Tabs.Tab title={<span data-testid="tab-given">{t('given')}</span>} key="given">
          <List>
            {(given.data ?? []).map((d) =>
              row(d, `${t('col.entrustee')}: ${d.entrustee.name}`, () => remove(d, 'delete'), 'delete'),
            )}
          </List>
          {given.data?.length === 0 && <p style={{ textAlign: 'center' }}>{t('empty')}</p>}
        </Tabs.Tab>
        <Tabs.Tab title={<span data-testid="tab-received">{t('received')}</span>} key="received">
          <List>
            {(received.data ?? []).map((d) =>
              row(d, `${t('col.entruster')}: ${d.entruster.name}`, () => remove(d, 'decline'), 'decline'),
            )}
          </List>
          {received.data?.length === 0 && <p style={{ textAlign: 'center' }}>{t('empty')}</p>}
        </Tabs.Tab>
      </Tabs>
      <SheetDialog
        visible={creating}
        title={t('newDelegation')}
        onClose={() => setCreating(false)}
        testId="delegation-dialog"
      >
        {creating && <CreateDelegationSheet onDone={() => setCreating(false)} />}
      </SheetDialog>
    </div>
  );
}
