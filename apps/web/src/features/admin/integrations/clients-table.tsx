import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AdminClient } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { useEditClient, useRotateClientSecret } from './integrations-api.ts';

/**
 * Registered clients (a system's, or the public ones): switch one off or on, change it, give a system client a new
 * secret. Rotating and switching off are confirmed first: both stop whatever uses the client at once.
 */
export function ClientsTable({
  clients,
  loading,
  onEdit,
  onSecret,
}: {
  clients: AdminClient[];
  loading: boolean;
  onEdit: (c: AdminClient) => void;
  onSecret: (c: AdminClient) => void;
}) {
  const { t } = useTranslation('adminIntegrations');
  const { message } = useAppMessage();
  const edit = useEditClient();
  const rotate = useRotateClientSecret();
  const toggle = async (c: AdminClient) => {
    try {
      await edit.mutateAsync({ clientId: c.clientId, body: { enabled: !c.enabled } });
      message.success(t('saved'));
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const newSecret = async (c: AdminClient) => {
    try {
      onSecret(await rotate.mutateAsync(c.clientId));
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const isPublic = clients.some((c) => c.kind !== 'system');
  return (
    <Table<AdminClient>
      rowKey="clientId"
      size="small"
      loading={loading}
      dataSource={clients}
      pagination={false}
      // antd's own empty text is too faint to read (axe: contrast); the secondary text colour passes.
      locale={{ emptyText: <Typography.Text type="secondary">{t('noClients')}</Typography.Text> }}
      columns={[
        {
          title: t('clientId'),
          dataIndex: 'clientId',
          render: (id: string) => (
            <code className="sh-nowrap" data-testid={`client-row-${id}`}>
              {id}
            </code>
          ),
        },
        { title: t('name'), dataIndex: 'name' },
        {
          title: t('scopes'),
          dataIndex: 'scopes',
          render: (s: string[], c) => (
            <>
              {s.map((x) => (
                <Tag key={x}>{x}</Tag>
              ))}
              {c.allowNoPkce && <Tag color="warning">{t('noPkceTag')}</Tag>}
            </>
          ),
        },
        isPublic
          ? {
              title: t('redirectUris'),
              dataIndex: 'redirectUris',
              render: (r: string[]) =>
                r.map((u) => (
                  <div key={u}>
                    <code>{u}</code>
                  </div>
                )),
            }
          : {
              title: t('secretIssued'),
              dataIndex: 'secretRotatedAt',
              render: (at: number | null) => (at ? formatDate(at, true) : '—'),
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
          render: (_: unknown, c) => (
            // One line (the cell is as wide as its buttons; names and app tags wrap instead): a row's actions never stack.
            <Space size={0} className="sh-nowrap" data-testid="row-actions">
              <Button type="link" size="small" onClick={() => onEdit(c)}>
                {t('edit')}
              </Button>
              {c.kind !== 'public' && (
                <Popconfirm
                  title={t('rotateConfirm')}
                  description={t('rotateConfirmHint')}
                  okText={t('rotate')}
                  cancelText={t('cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => newSecret(c)}
                >
                  <Button type="link" size="small" data-testid={`client-rotate-${c.clientId}`}>
                    {t('rotate')}
                  </Button>
                </Popconfirm>
              )}
              <Popconfirm
                title={c.enabled ? t('disableConfirm') : t('enableConfirm')}
                okText={t('confirm')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: c.enabled }}
                onConfirm={() => toggle(c)}
              >
                <Button type="link" size="small" danger={c.enabled} data-testid={`client-toggle-${c.clientId}`}>
                  {c.enabled ? t('disable') : t('enable')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
