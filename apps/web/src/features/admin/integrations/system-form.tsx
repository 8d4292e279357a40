import { Form, Input, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AdminSystem } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { useAdminApps } from '../api/catalogue.ts';
import { appName } from '../shared/choices.ts';
import { useSaveSystem } from './integrations-api.ts';

interface Values {
  id: string;
  name: string;
  nameEn?: string;
  baseUrl?: string;
  apps?: string[];
}

/** Registers a system (`system` absent) or changes one: its names, address and the apps it owns. */
export function SystemForm({ system, onClose }: { system?: AdminSystem; onClose: () => void }) {
  const { t } = useTranslation('adminIntegrations');
  const { message } = useAppMessage();
  const [form] = Form.useForm<Values>();
  const apps = useAdminApps();
  const save = useSaveSystem();
  const submit = async (v: Values) => {
    const fields = { name: v.name, nameEn: v.nameEn ?? '', baseUrl: v.baseUrl ?? '', apps: v.apps ?? [] };
    try {
      await save.mutateAsync(system ? { id: system.id, edit: fields } : { create: { ...fields, id: v.id } });
      message.success(t('saved'));
      onClose();
    } catch (err) {
      message.error(errorText(err));
    }
  };
  return (
    <Modal
      open
      title={system ? t('editSystem') : t('newSystem')}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'system-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical" initialValues={system ?? { apps: [] }} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="id"
          label={t('systemId')}
          extra={t('systemIdHint')}
          rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9_-]{1,63}$/, message: t('systemIdHint') }]}
        >
          <Input disabled={Boolean(system)} data-testid="system-id" />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 60 }]}>
          <Input data-testid="system-name" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 120 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label={t('baseUrl')}
          extra={t('baseUrlHint')}
          rules={[{ pattern: /^(https?:\/\/(?![^/?#]*@)\S+|\/(?!\/)\S*)$/, message: t('baseUrlHint') }]}
        >
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="apps" label={t('apps')} extra={t('appsHint')}>
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            loading={apps.isPending}
            aria-label={t('apps')}
            options={(apps.data?.entities ?? []).map((a) => ({ value: a.code, label: `${appName(a)} (${a.code})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
