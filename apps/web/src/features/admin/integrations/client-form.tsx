import { Alert, Form, Input, Modal, Select, Switch, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { CLIENT_SCOPES, type AdminClient } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { useCreateClient, useEditClient } from './integrations-api.ts';

type Scope = (typeof CLIENT_SCOPES)[number];
interface Values {
  clientId?: string;
  name: string;
  scopes: Scope[];
  redirectUris?: string[];
  allowNoPkce?: boolean;
}

/**
 * Registers a client of a system (`systemId` given: client_credentials, its secret answered once and handed to
 * `onSecret`), a public PKCE client (loopback redirects) or a confidential client (a secret, the authorization
 * code, https or loopback redirects, PKCE unless switched off with its risk named), or changes one (`client` given).
 */
export function ClientForm({
  kind,
  systemId,
  client,
  onClose,
  onSecret,
}: {
  kind: AdminClient['kind'];
  systemId?: string;
  client?: AdminClient;
  onClose: () => void;
  onSecret: (c: AdminClient) => void;
}) {
  const { t } = useTranslation('adminIntegrations');
  const { message } = useAppMessage();
  const [form] = Form.useForm<Values>();
  const create = useCreateClient();
  const edit = useEditClient();
  const submit = async (v: Values) => {
    try {
      if (client) {
        await edit.mutateAsync({
          clientId: client.clientId,
          body: {
            name: v.name,
            scopes: v.scopes,
            ...(kind !== 'system' ? { redirectUris: v.redirectUris ?? [] } : {}),
            ...(kind === 'confidential' ? { allowNoPkce: v.allowNoPkce === true } : {}),
          },
        });
        message.success(t('saved'));
      } else {
        const made = await create.mutateAsync({
          kind,
          name: v.name,
          scopes: v.scopes,
          redirectUris: kind !== 'system' ? (v.redirectUris ?? []) : [],
          ...(kind === 'confidential' ? { allowNoPkce: v.allowNoPkce === true } : {}),
          ...(v.clientId?.trim() ? { clientId: v.clientId.trim() } : {}),
          ...(kind === 'system' ? { systemId } : {}),
        });
        if (made.clientSecret) onSecret(made);
        else message.success(t('saved'));
      }
      onClose();
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const title = client
    ? t('editClient')
    : kind === 'system'
      ? t('newSystemClient', { system: systemId })
      : kind === 'confidential'
        ? t('newConfidentialClient')
        : t('newPublicClient');
  return (
    <Modal
      open
      title={title}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || edit.isPending}
      okButtonProps={{ 'data-testid': 'client-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={
          client
            ? { ...client, scopes: client.scopes as Scope[] }
            : {
                scopes:
                  kind === 'system'
                    ? (['task', 'task_edit', 'process', 'process_edit'] as Scope[])
                    : (['task', 'process'] as Scope[]),
                redirectUris: [],
                allowNoPkce: false,
              }
        }
      >
        <Form.Item
          name="clientId"
          label={t('clientId')}
          extra={client ? undefined : t('clientIdHint')}
          rules={[{ pattern: /^[a-z0-9][a-z0-9._-]{2,63}$/, message: t('clientIdHint') }]}
        >
          <Input disabled={Boolean(client)} data-testid="client-id" />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 100 }]}>
          <Input data-testid="client-name" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('scopes')}
          extra={t('scopesHint')}
          rules={[{ required: true, type: 'array', min: 1 }]}
        >
          <Select
            mode="multiple"
            aria-label={t('scopes')}
            options={CLIENT_SCOPES.map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
        {kind !== 'system' && (
          <Form.Item
            name="redirectUris"
            label={t('redirectUris')}
            extra={kind === 'public' ? t('redirectUrisHint') : t('redirectUrisConfidentialHint')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Select
              mode="tags"
              open={false}
              aria-label={t('redirectUris')}
              tokenSeparators={[' ', ',']}
              data-testid="client-redirects"
            />
          </Form.Item>
        )}
        {kind === 'confidential' && (
          <>
            <Form.Item name="allowNoPkce" label={t('allowNoPkce')} valuePropName="checked">
              <Switch data-testid="client-allow-no-pkce" />
            </Form.Item>
            <Alert type="warning" showIcon message={t('allowNoPkceRisk')} />
          </>
        )}
      </Form>
    </Modal>
  );
}
