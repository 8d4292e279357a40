import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AdminUser } from '@service-hall/contracts';
import { createAdminUserRoute, editAdminUserRoute } from '@service-hall/contracts/lite';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { call } from '../../../lib/http/call.ts';
import { localName } from '../shared/choices.ts';
import { peopleKey, roleName, useDepartments, useRoles } from './people-api.ts';

interface Values {
  account: string;
  name: string;
  nameEn?: string;
  email?: string;
  departmentId?: string | null;
  roles?: string[];
  password?: string;
}

/** The dialog that creates a user (`user` absent) or edits one. */
export function UserForm({ user, open, onClose }: { user?: AdminUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('adminPeople');
  const [form] = Form.useForm<Values>();
  const { message } = useAppMessage();
  const client = useQueryClient();
  const departments = useDepartments();
  const roles = useRoles();
  const save = useMutation({
    mutationFn: async (v: Values) => {
      const body = { ...v, departmentId: v.departmentId ?? null, email: v.email ?? '', nameEn: v.nameEn ?? '' };
      if (user) {
        const { password: _unused, ...fields } = body;
        return call(editAdminUserRoute, { params: { id: user.id }, body: fields });
      }
      return call(createAdminUserRoute, { body: { ...body, password: v.password || undefined } });
    },
    onSuccess: async () => {
      message.success(t('saved'));
      await client.invalidateQueries({ queryKey: peopleKey });
      onClose();
    },
    onError: (err) => message.error(errorText(err)),
  });
  return (
    <Modal
      open={open}
      title={user ? t('editUser') : t('newUser')}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'user-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => save.mutate(v)}
        initialValues={user ? { ...user } : { roles: [] }}
      >
        <Form.Item name="account" label={t('account')} rules={[{ required: true, max: 64 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 120 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={[{ type: 'email' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="departmentId" label={t('department')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={(departments.data ?? []).map((d) => ({ value: d.id, label: localName(d) }))}
          />
        </Form.Item>
        <Form.Item name="roles" label={t('roles')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={(roles.data ?? []).map((r) => ({ value: r.code, label: roleName(r) }))}
          />
        </Form.Item>
        {!user && (
          <Form.Item name="password" label={t('password')} extra={t('passwordHint')} rules={[{ min: 8 }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
