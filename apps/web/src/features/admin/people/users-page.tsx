import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminUser } from '@service-hall/contracts';
import { disableAdminUserRoute, resetAdminUserPasswordRoute } from '@service-hall/contracts/lite';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { call } from '../../../lib/http/call.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { peopleKey, roleName, useAdminUsers, useDepartments, useRoles } from './people-api.ts';
import { UserForm } from './user-form.tsx';

import '../../../i18n/locales/lazy/adminPeople.ts';

import { localName } from '../shared/choices.ts';

const PAGE = 20;

/** Console page: users — search, create, edit, disable or enable, reset an embedded-sign-in password. */
export default function UsersPage() {
  const { t } = useTranslation('adminPeople');
  const { t: nav } = useTranslation('admin');
  const { message } = useAppMessage();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [departmentId, setDepartmentId] = useState<string>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const users = useAdminUsers({ keyword: keyword || undefined, departmentId, start: (page - 1) * PAGE, limit: PAGE });
  const departments = useDepartments();
  const roles = useRoles();
  const roleLabel = (code: string) => {
    const r = roles.data?.find((x) => x.code === code);
    return r ? roleName(r) : code;
  };
  const refresh = () => client.invalidateQueries({ queryKey: peopleKey });
  const toggle = useMutation({
    mutationFn: (u: AdminUser) =>
      call(disableAdminUserRoute, { params: { id: u.id }, body: { disabled: !u.disabled } }),
    onSuccess: async () => {
      message.success(t('saved'));
      await refresh();
    },
    onError: (e) => message.error(errorText(e)),
  });

  return (
    <ConsolePage
      title={nav('nav.users')}
      testId="console-users"
      extra={
        <Button type="primary" data-testid="user-new" onClick={() => setEditing('new')}>
          {t('newUser')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          style={{ width: 280 }}
          data-testid="user-search"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('department')}
          aria-label={t('department')}
          style={{ width: 220 }}
          value={departmentId}
          onChange={(v) => {
            setDepartmentId(v);
            setPage(1);
          }}
          options={(departments.data ?? []).map((d) => ({ value: d.id, label: localName(d) }))}
        />
      </Space>
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        loading={users.isFetching}
        dataSource={users.data?.entities ?? []}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: users.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (count) => t('total', { count }),
        }}
        columns={[
          { title: t('account'), dataIndex: 'account' },
          { title: t('name'), dataIndex: 'name' },
          { title: t('department'), dataIndex: 'department' },
          {
            title: t('roles'),
            dataIndex: 'roles',
            render: (rs: string[]) => rs.map((r) => <Tag key={r}>{roleLabel(r)}</Tag>),
          },
          {
            title: t('status'),
            dataIndex: 'disabled',
            render: (d: boolean) =>
              d ? <Tag color="error">{t('disabled')}</Tag> : <Tag color="success">{t('enabled')}</Tag>,
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, u) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing(u)}>
                  {t('edit')}
                </Button>
                {u.disabled ? (
                  <Button type="link" size="small" onClick={() => toggle.mutate(u)}>
                    {t('enable')}
                  </Button>
                ) : (
                  <Popconfirm
                    title={t('confirmDisable', { name: u.name })}
                    okText={t('disable')}
                    cancelText={t('cancel')}
                    onConfirm={() => toggle.mutate(u)}
                  >
                    <Button type="link" size="small" danger>
                      {t('disable')}
                    </Button>
                  </Popconfirm>
                )}
                <Button type="link" size="small" onClick={() => setResetting(u)}>
                  {t('resetPassword')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <UserForm open user={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetPassword user={resetting} onClose={() => setResetting(null)} />}
    </ConsolePage>
  );
}

/** The dialog that sets a new password for an account of the embedded sign-in. */
function ResetPassword({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('adminPeople');
  const { message } = useAppMessage();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    mutationFn: (password: string) =>
      call(resetAdminUserPasswordRoute, { params: { id: user.id }, body: { password } }),
    onSuccess: () => {
      message.success(t('saved'));
      onClose();
    },
    onError: (e) => message.error(errorText(e)),
  });
  return (
    <Modal
      open
      title={`${t('resetPassword')} · ${user.name}`}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => reset.mutate(v.password)}>
        <Form.Item name="password" label={t('newPassword')} rules={[{ required: true, min: 8 }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
