import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Select, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminDepartment } from '@service-hall/contracts';
import { createAdminDepartmentRoute, editAdminDepartmentRoute } from '@service-hall/contracts/lite';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { call } from '../../../lib/http/call.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { UserPicker } from '../shared/user-picker.tsx';
import { peopleKey, useDepartments } from './people-api.ts';

import '../../../i18n/locales/lazy/adminPeople.ts';

import { localName } from '../shared/choices.ts';

/** The departments as a tree by parentId (a parent that is missing puts its children at the top). */
function toTree(list: AdminDepartment[], label: (d: AdminDepartment) => string): TreeDataNode[] {
  const ids = new Set(list.map((d) => d.id));
  const children = new Map<string | null, AdminDepartment[]>();
  for (const d of list) {
    const parent = d.parentId && ids.has(d.parentId) ? d.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const build = (parent: string | null): TreeDataNode[] =>
    (children.get(parent) ?? []).map((d) => ({ key: d.id, title: label(d), children: build(d.id) }));
  return build(null);
}

/** Console page: the department tree — add a department, rename or move one, set its head. */
export default function DepartmentsPage() {
  const { t, i18n } = useTranslation('adminPeople');
  const { t: nav } = useTranslation('admin');
  const departments = useDepartments();
  const [editing, setEditing] = useState<AdminDepartment | 'new' | null>(null);
  const list = useMemo(() => departments.data ?? [], [departments.data]);
  const name = (d: AdminDepartment) => (i18n.language === 'en' && d.nameEn ? d.nameEn : d.name);
  const tree = useMemo(
    () => toTree(list, (d) => `${name(d)} · ${d.head || t('noHead')} · ${t('members')} ${d.members}`),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list, t],
  );
  return (
    <ConsolePage
      title={nav('nav.departments')}
      testId="console-departments"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('newDepartment')}
        </Button>
      }
    >
      {tree.length === 0 && !departments.isPending ? (
        <Empty />
      ) : (
        <Tree
          treeData={tree}
          defaultExpandAll
          blockNode
          showLine
          key={list.length}
          onSelect={([key]) => setEditing(list.find((d) => d.id === key) ?? null)}
        />
      )}
      {editing && (
        <DepartmentForm
          department={editing === 'new' ? undefined : editing}
          all={list}
          onClose={() => setEditing(null)}
        />
      )}
    </ConsolePage>
  );
}

interface Values {
  id: string;
  name: string;
  nameEn?: string;
  parentId?: string | null;
  headUserId?: string | null;
}

function DepartmentForm({
  department,
  all,
  onClose,
}: {
  department?: AdminDepartment;
  all: AdminDepartment[];
  onClose: () => void;
}) {
  const { t } = useTranslation('adminPeople');
  const { message } = useAppMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: async (v: Values) => {
      const body = {
        name: v.name,
        nameEn: v.nameEn ?? '',
        parentId: v.parentId ?? null,
        headUserId: v.headUserId ?? null,
      };
      return department
        ? call(editAdminDepartmentRoute, { params: { id: department.id }, body })
        : call(createAdminDepartmentRoute, { body: { ...body, id: v.id } });
    },
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
      title={department ? `${t('editDepartment')} · ${localName(department)}` : t('newDepartment')}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={department ?? {}} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="id" label={t('departmentId')} rules={[{ required: true, max: 64 }]}>
          <Input disabled={Boolean(department)} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 120 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="parentId" label={t('parent')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={all.filter((d) => d.id !== department?.id).map((d) => ({ value: d.id, label: localName(d) }))}
          />
        </Form.Item>
        <Form.Item name="headUserId" label={t('head')}>
          <UserPicker placeholder={t('pickUser')} valueLabel={department?.head || undefined} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
