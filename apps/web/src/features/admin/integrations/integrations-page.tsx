import { Button, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminClient, AdminSystem } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { localName } from '../shared/choices.ts';
import { ClientForm } from './client-form.tsx';
import { ClientsTable } from './clients-table.tsx';
import { useClients, useRotateCallbackSecret, useSaveSystem, useSystems } from './integrations-api.ts';
import { SecretDialog } from './secret-dialog.tsx';
import { SystemForm } from './system-form.tsx';

import '../../../i18n/locales/lazy/adminIntegrations.ts';

type ClientDialog = { kind: AdminClient['kind']; systemId?: string; client?: AdminClient };
interface Shown {
  secret: string;
  title: string;
  who: string;
}

/**
 * /workflow/admin/integrations (system administrators): systems with the apps they own, their clients and callback
 * secret; and the registered public (PKCE) clients. Secrets are answered once by the server and shown once here.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('adminIntegrations');
  const { t: nav } = useTranslation('admin');
  const { message } = useAppMessage();
  const systems = useSystems();
  const clients = useClients();
  const saveSystem = useSaveSystem();
  const rotateCallback = useRotateCallbackSecret();
  const [systemForm, setSystemForm] = useState<AdminSystem | 'new' | null>(null);
  const [clientForm, setClientForm] = useState<ClientDialog | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const all = clients.data ?? [];
  const showClientSecret = (c: AdminClient) =>
    setShown({
      secret: c.clientSecret ?? '',
      title: t('clientSecretTitle'),
      who: t('clientSecretFor', { id: c.clientId }),
    });
  const toggleSystem = async (s: AdminSystem) => {
    try {
      await saveSystem.mutateAsync({ id: s.id, edit: { enabled: !s.enabled } });
      message.success(t('saved'));
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const newCallbackSecret = async (s: AdminSystem) => {
    try {
      const { secret, previousValidUntil } = await rotateCallback.mutateAsync(s.id);
      setShown({
        secret,
        title: t('callbackSecretTitle'),
        who: previousValidUntil
          ? t('callbackSecretForRotated', { id: s.id, until: formatDate(previousValidUntil, true) })
          : t('callbackSecretFor', { id: s.id }),
      });
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const systemsTab = (
    <Table<AdminSystem>
      rowKey="id"
      size="middle"
      loading={systems.isPending}
      dataSource={systems.data ?? []}
      pagination={false}
      locale={{ emptyText: <Typography.Text type="secondary">{t('noSystems')}</Typography.Text> }}
      expandable={{
        expandRowByClick: false,
        expandedRowRender: (s) => (
          <div className="sh-integrations-clients" data-testid={`system-clients-${s.id}`}>
            <Space style={{ marginBottom: 8 }}>
              <Typography.Text strong>{t('clientsOf', { name: localName(s) })}</Typography.Text>
              <Button
                size="small"
                onClick={() => setClientForm({ kind: 'system', systemId: s.id })}
                data-testid={`system-new-client-${s.id}`}
              >
                {t('newClient')}
              </Button>
            </Space>
            <ClientsTable
              clients={all.filter((c) => c.systemId === s.id)}
              loading={clients.isPending}
              onEdit={(c) => setClientForm({ kind: 'system', systemId: s.id, client: c })}
              onSecret={showClientSecret}
            />
          </div>
        ),
      }}
      columns={[
        {
          title: t('systemId'),
          dataIndex: 'id',
          render: (id: string) => (
            <code className="sh-nowrap" data-testid={`system-row-${id}`}>
              {id}
            </code>
          ),
        },
        { title: t('name'), key: 'name', render: (_: unknown, s) => localName(s) },
        { title: t('apps'), dataIndex: 'apps', render: (apps: string[]) => apps.map((a) => <Tag key={a}>{a}</Tag>) },
        { title: t('clients'), dataIndex: 'clients', width: 80 },
        {
          title: t('callbackSecret'),
          key: 'callback',
          render: (_: unknown, s) => (
            <Space direction="vertical" size={0}>
              <Tag className={s.callbackSecret ? 'sh-tag-live' : undefined}>
                {s.callbackSecret ? t('callbackSet') : t('callbackNotSet')}
              </Tag>
              {s.previousCallbackSecretValidUntil && (
                <Typography.Text type="secondary">
                  {t('previousUntil', { time: formatDate(s.previousCallbackSecretValidUntil, true) })}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        {
          title: t('state'),
          dataIndex: 'enabled',
          render: (on: boolean) => (
            <Tag className={on ? 'sh-tag-live' : undefined}>{on ? t('enabled') : t('disabled')}</Tag>
          ),
        },
        {
          title: t('actions'),
          key: 'actions',
          render: (_: unknown, s) => (
            // One line (the cell is as wide as its buttons; names and app tags wrap instead): a row's actions never stack.
            <Space size={0} className="sh-nowrap" data-testid="row-actions">
              <Button type="link" size="small" onClick={() => setSystemForm(s)} data-testid={`system-edit-${s.id}`}>
                {t('edit')}
              </Button>
              <Popconfirm
                title={s.callbackSecret ? t('callbackRotateConfirm') : t('callbackIssueConfirm')}
                description={s.callbackSecret ? t('callbackRotateHint') : t('callbackIssueHint')}
                okText={t('confirm')}
                cancelText={t('cancel')}
                onConfirm={() => newCallbackSecret(s)}
              >
                <Button type="link" size="small" data-testid={`system-callback-${s.id}`}>
                  {s.callbackSecret ? t('callbackRotate') : t('callbackIssue')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={s.enabled ? t('systemDisableConfirm') : t('systemEnableConfirm')}
                okText={t('confirm')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: s.enabled }}
                onConfirm={() => toggleSystem(s)}
              >
                <Button type="link" size="small" danger={s.enabled}>
                  {s.enabled ? t('disable') : t('enable')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );

  const publicTab = (
    <>
      <Typography.Paragraph type="secondary">{t('publicHint')}</Typography.Paragraph>
      <ClientsTable
        clients={all.filter((c) => c.kind === 'public')}
        loading={clients.isPending}
        onEdit={(c) => setClientForm({ kind: 'public', client: c })}
        onSecret={showClientSecret}
      />
    </>
  );

  const confidentialTab = (
    <>
      <Typography.Paragraph type="secondary">{t('confidentialHint')}</Typography.Paragraph>
      <ClientsTable
        clients={all.filter((c) => c.kind === 'confidential')}
        loading={clients.isPending}
        onEdit={(c) => setClientForm({ kind: 'confidential', client: c })}
        onSecret={showClientSecret}
      />
    </>
  );

  return (
    <ConsolePage
      title={nav('nav.integrations')}
      testId="console-integrations"
      extra={
        <>
          <Button onClick={() => setClientForm({ kind: 'confidential' })} data-testid="confidential-client-new">
            {t('newConfidentialClient')}
          </Button>
          <Button onClick={() => setClientForm({ kind: 'public' })} data-testid="public-client-new">
            {t('newPublicClient')}
          </Button>
          <Button type="primary" onClick={() => setSystemForm('new')} data-testid="system-new">
            {t('newSystem')}
          </Button>
        </>
      }
    >
      <Tabs
        items={[
          { key: 'systems', label: t('systemsTab'), children: systemsTab },
          { key: 'public', label: t('publicTab'), children: publicTab },
          { key: 'confidential', label: t('confidentialTab'), children: confidentialTab },
        ]}
      />
      {systemForm && (
        <SystemForm system={systemForm === 'new' ? undefined : systemForm} onClose={() => setSystemForm(null)} />
      )}
      {clientForm && <ClientForm {...clientForm} onClose={() => setClientForm(null)} onSecret={showClientSecret} />}
      <SecretDialog
        secret={shown?.secret ?? null}
        title={shown?.title ?? ''}
        who={shown?.who ?? ''}
        onClose={() => setShown(null)}
      />
    </ConsolePage>
  );
}
