import { Button, Drawer, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminApp, AdminAppFields } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { useSaveApp } from '../api/catalogue.ts';
import { showSaveError } from '../common/form-errors.ts';
import { DepartmentPicker, DepartmentsPicker, RolesPicker, SystemPicker } from '../shared/choice-picker.tsx';
import { appName, useChoices } from '../shared/choices.ts';
import { IconField } from './icon-field.tsx';

type FormValues = Required<Omit<AdminAppFields, 'visible'>> & { roles: string[]; departments: string[] };

const EMPTY: Partial<FormValues> = {
  kind: 'external',
  tags: [],
  tags_en: [],
  roles: [],
  departments: [],
  recommend: 0,
  icon: '',
};

/** The create/edit drawer of an app's catalogue entry. `app` null: a new app. */
export function AppForm({
  app,
  open,
  onClose,
  canCreate,
}: {
  app: AdminApp | null;
  open: boolean;
  onClose: () => void;
  canCreate: boolean;
}) {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveApp();
  const kind = Form.useWatch('kind', form);
  const choices = useChoices();
  // Picking a department of the directory fills both its names (they stay editable: a label, not a key).
  const fillDepartment = (id: string | null) => {
    const d = choices.data?.departments.find((x) => x.value === id);
    if (d) form.setFieldsValue({ department: d.name, department_en: d.nameEn });
  };
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      app ? ({ ...app, roles: app.visible.roles, departments: app.visible.departments } as FormValues) : EMPTY,
    );
  }, [open, app, form]);

  const submit = async (v: FormValues) => {
    const { roles, departments, ...rest } = v;
    const fields: AdminAppFields = {
      ...rest,
      definition_code: rest.kind === 'builtin' ? rest.definition_code || null : null,
      system_id: rest.system_id || null,
      visible: { roles: roles ?? [], departments: departments ?? [] },
    };
    try {
      await save.mutateAsync({ id: app?.id, fields });
      message.success(t('saved'));
      onClose();
    } catch (err) {
      showSaveError(err, form, (text) => message.error(text));
    }
  };
  const tags = <Select mode="tags" open={false} tokenSeparators={[',', '，']} />;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={app ? t('app.editTitle', { name: appName(app) }) : t('app.newTitle')}
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="app-save"
            disabled={!app && !canCreate}
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="app-form" requiredMark>
        <Form.Item name="name" label={t('app.name')} rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="app-name" maxLength={60} />
        </Form.Item>
        <Form.Item name="name_en" label={t('app.nameEn')}>
          <Input data-testid="app-name-en" maxLength={120} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('app.code')}
          extra={t('app.codeHint')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Input data-testid="app-code" maxLength={64} />
        </Form.Item>
        <Form.Item label={t('app.departmentPick')}>
          <DepartmentPicker
            onChange={fillDepartment}
            ariaLabel={t('app.departmentPick')}
            placeholder={t('app.departmentPickHint')}
            testId="app-department-pick"
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="department" label={t('app.department')} style={{ flex: 1 }}>
            <Input data-testid="app-department" />
          </Form.Item>
          <Form.Item name="department_en" label={t('app.departmentEn')} style={{ flex: 1 }}>
            <Input data-testid="app-department-en" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="tags" label={t('app.tags')} extra={t('app.tagsHint')}>
          {tags}
        </Form.Item>
        <Form.Item name="tags_en" label={t('app.tagsEn')}>
          {tags}
        </Form.Item>
        <Form.Item name="icon" label={t('app.icon')}>
          <IconField />
        </Form.Item>
        <Form.Item name="description" label={t('app.description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="description_en" label={t('app.descriptionEn')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <Form.Item name="kind" label={t('app.kind')}>
          <Radio.Group
            options={[
              { value: 'builtin', label: t('app.builtin') },
              { value: 'external', label: t('app.external') },
            ]}
          />
        </Form.Item>
        {kind === 'builtin' ? (
          <Form.Item
            name="definition_code"
            label={t('app.definition')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Input />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="uri"
              label={t('app.uri')}
              extra={t('app.uriHint')}
              rules={[{ required: true, message: t('required') }]}
            >
              <Input data-testid="app-uri" />
            </Form.Item>
            <Form.Item name="system_id" label={t('app.system')}>
              <SystemPicker ariaLabel={t('app.system')} testId="app-system" />
            </Form.Item>
          </>
        )}
        <Form.Item name="recommend" label={t('app.recommend')} extra={t('app.recommendHint')}>
          <InputNumber min={0} max={1_000_000} />
        </Form.Item>
        <Form.Item name="roles" label={t('app.visibleRoles')} extra={t('app.visibleHint')}>
          <RolesPicker ariaLabel={t('app.visibleRoles')} testId="app-visible-roles" />
        </Form.Item>
        <Form.Item name="departments" label={t('app.visibleDepartments')} extra={t('app.visibleDepartmentsHint')}>
          <DepartmentsPicker ariaLabel={t('app.visibleDepartments')} testId="app-visible-departments" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
