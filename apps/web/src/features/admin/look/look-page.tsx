import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LOOK_IMAGE_KINDS, type AdminTemplate } from '@service-hall/contracts';

import { DEFAULT_IMAGES } from '../../../lib/config/page-template.ts';
import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { useAdminLook, useSaveInstitution } from '../api/look.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { ImageSlot } from './image-slot.tsx';
import { TemplateEditor } from './template-editor.tsx';

import './look.css';

const NEW_TEMPLATE: AdminTemplate = {
  domain: 'todoCenter',
  solution: 'default',
  terminal: 'workflow',
  sections: ['banner', 'search', 'recommended', 'catalogue'],
  theme: { primary: '#1f5fbf' },
};

/** /workflow/admin/look: the institution's name, page templates and enterprise images (system administrators). */
export default function LookPage() {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const look = useAdminLook();
  const saveName = useSaveInstitution();
  const [form] = Form.useForm<{ name: string; name_en: string }>();
  const [editing, setEditing] = useState<AdminTemplate | null>(null);
  useEffect(() => {
    if (look.data) form.setFieldsValue(look.data.institution);
  }, [look.data, form]);
  const submitName = async (v: { name: string; name_en: string }) => {
    try {
      await saveName.mutateAsync(v);
      message.success(t('saved'));
    } catch (err) {
      message.error(errorText(err));
    }
  };
  return (
    <ConsolePage title={t('nav.look')} testId="console-look">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card size="small" title={<h2 className="sh-console-h2">{t('look.institution')}</h2>}>
          <Form form={form} layout="inline" onFinish={(v) => void submitName(v)}>
            <Form.Item name="name" label={t('look.nameZh')} rules={[{ required: true, message: t('required') }]}>
              <Input />
            </Form.Item>
            <Form.Item name="name_en" label={t('look.nameEn')}>
              <Input />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saveName.isPending}>
              {t('save')}
            </Button>
          </Form>
        </Card>
        <Card
          size="small"
          title={<h2 className="sh-console-h2">{t('look.templates')}</h2>}
          extra={
            <Button size="small" onClick={() => setEditing({ ...NEW_TEMPLATE, domain: '' })}>
              {t('look.newTemplate')}
            </Button>
          }
        >
          <Table<AdminTemplate>
            size="small"
            pagination={false}
            loading={look.isPending}
            rowKey={(r) => `${r.domain}/${r.solution}/${r.terminal}`}
            dataSource={look.data?.templates ?? []}
            columns={[
              { title: t('look.domain'), dataIndex: 'domain' },
              { title: t('look.solution'), dataIndex: 'solution' },
              { title: t('look.terminal'), dataIndex: 'terminal', render: (v: string) => t(`look.${v}`) },
              {
                title: t('look.sections'),
                dataIndex: 'sections',
                render: (s: string[]) => s.map((x) => <Tag key={x}>{t(`look.section.${x}`)}</Tag>),
              },
              {
                title: t('look.theme'),
                key: 'theme',
                render: (_, r) => (
                  <Space size={4}>
                    <span className="sh-swatch" style={{ background: r.theme.primary }} aria-hidden />
                    {r.theme.primary}
                  </Space>
                ),
              },
              {
                title: t('actions'),
                key: 'a',
                render: (_, r) => (
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('edit')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
        <Card size="small" title={<h2 className="sh-console-h2">{t('look.images')}</h2>}>
          <div className="sh-look-grid">
            {LOOK_IMAGE_KINDS.map((kind) => (
              <ImageSlot
                key={kind}
                kind={kind}
                url={look.data?.images[kind]}
                fallback={kind.startsWith('logo') ? DEFAULT_IMAGES.logo : DEFAULT_IMAGES.banner}
              />
            ))}
          </div>
        </Card>
      </Space>
      <TemplateEditor template={editing} onClose={() => setEditing(null)} />
    </ConsolePage>
  );
}
