import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, List, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminRole } from '@service-hall/contracts';
import {
  createAdminRoleRoute,
  editAdminRoleRoute,
  listAdminRoleMembersRoute,
  setAdminRoleMembersRoute,
} from '@service-hall/contracts/lite';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { call } from '../../../lib/http/call.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { UserPicker } from '../shared/user-picker.tsx';
import { peopleKey, roleName, useRoles } from './people-api.ts';

import '../../../i18n/locales/lazy/adminPeople.ts';

/** Console page: roles — add or rename a role, choose its members. */
export default function RolesPage() {
  const { t } = useTranslation('adminPeople');
  const { t: nav } = useTranslation('admin');
  const roles = useRoles();
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const [members, setMembers] = useState<AdminRole | null>(null);
  return (
    <ConsolePage
      title={nav('nav.roles')}
      testId="console-roles"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('newRole')}
        </Button>
      }
    >
      <Table<AdminRole>
        rowKey="code"
        size="middle"
        loading={roles.isFetching}
        dataSource={roles.data ?? []}
        pagination={false}
        columns={[
          { title: t('code'), dataIndex: 'code' },
          { title: t('name'), key: 'name', render: (_: unknown, r) => roleName(r) },
          { title: t('members'), dataIndex: 'members' },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  {t('edit')}
                </Button>
                <Button type="link" size="small" onClick={() => setMembers(r)}>
                  {t('addMembers')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <RoleForm role={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {members && <RoleMembers role={members} onClose={() => setMembers(null)} />}
    </ConsolePage>
  );
}

function RoleForm({ role, onClose }: { role?: AdminRole; onClose: () => void }) {
  const { t } = useTranslation('adminPeople');
  const { message } = useAppMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<{ code: string; name: string; nameEn?: string }>();
  const save = useMutation({
    mutationFn: async (v: { code: string; name: string; nameEn?: string }) =>
      role
        ? call(editAdminRoleRoute, { params: { code: role.code }, body: { name: v.name, nameEn: v.nameEn ?? '' } })
        : call(createAdminRoleRoute, { body: { code: v.code, name: v.name, nameEn: v.nameEn ?? '' } }),
    onSuccess: async () => {
      message.success(t('saved'));
      await client.invalidateQueries({ queryKey: peopleKey });
      onClose();
    },
    onError: (e) => message.error(errorText(e)),
  });
  return (
    <Modal
      open
      title={role ? t('editRole') : t('newRole')}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={role ?? {}} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="code" label={t('code')} rules={[{ required: true, max: 64 }]}>
          <Input disabled={Boolean(role)} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 120 }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The members of a role: add someone through the directory, remove anyone. */
function RoleMembers({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const { t } = useTranslation('adminPeople');
  const { message } = useAppMessage();
  const client = useQueryClient();
  const key = [...peopleKey, 'members', role.code];
  const members = useQuery({
    queryKey: key,
    queryFn: () => call(listAdminRoleMembersRoute, { params: { code: role.code } }),
  });
  const ids = (members.data?.entities ?? []).map((u) => u.id);
  const save = useMutation({
    mutationFn: (userIds: string[]) =>
      call(setAdminRoleMembersRoute, { params: { code: role.code }, body: { userIds } }),
    onSuccess: async () => {
      message.success(t('saved'));
      await client.invalidateQueries({ queryKey: peopleKey });
    },
    onError: (e) => message.error(errorText(e)),
  });
  return (
    <Drawer open width={480} title={t('roleMembers', { name: roleName(role) })} onClose={onClose}>
      <UserPicker
        placeholder={t('pickUser')}
        ariaLabel={t('pickUser')}
        onChange={(id) => {
          if (id && !ids.includes(id)) save.mutate([...ids, id]);
        }}
      />
      <List
        style={{ marginTop: 16 }}
        loading={members.isFetching}
        dataSource={members.data?.entities ?? []}
        renderItem={(u) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                type="link"
                danger
                size="small"
                onClick={() => save.mutate(ids.filter((x) => x !== u.id))}
              >
                {t('remove')}
              </Button>,
            ]}
          >
            <List.Item.Meta title={`${u.name} (${u.account})`} description={u.department} />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
