import { Button, Card, Drawer, Form, Input, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminGuide, AdminGuideFields } from '@service-hall/contracts';

import { appUrl } from '../../../lib/config/runtime-config.ts';
import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { guidePath } from '../../../lib/routing/paths.ts';
import { useAdminApps } from '../api/catalogue.ts';
import { usePublishGuide, useSaveGuide } from '../api/guides.ts';
import { showSaveError } from '../common/form-errors.ts';
import { appName } from '../shared/choices.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

const EMPTY: AdminGuideFields = { title: '', title_en: '', keyword: '', steps: [{ title: '', html: '', apps: [] }] };

/** The guide editor: title, keywords, steps of rich text with linked apps; save, publish, preview as a member. */
export function GuideForm({ guide, open, onClose }: { guide: AdminGuide | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const [form] = Form.useForm<AdminGuideFields>();
  const apps = useAdminApps();
  const save = useSaveGuide();
  const publish = usePublishGuide();
  const [id, setId] = useState<string | undefined>(guide?.id);
  const [state, setState] = useState(guide?.state ?? 0);
  useEffect(() => {
    if (!open) return;
    setId(guide?.id);
    setState(guide?.state ?? 0);
    form.resetFields();
    form.setFieldsValue(guide ?? EMPTY);
  }, [open, guide, form]);

  const submit = async (fields: AdminGuideFields) => {
    try {
      setId(await save.mutateAsync({ id, fields }));
      message.success(t('saved'));
    } catch (err) {
      showSaveError(err, form, (text) => message.error(text));
    }
  };
  const togglePublish = async () => {
    if (!id) return;
    try {
      await publish.mutateAsync({ id, published: state !== 1 });
      setState(state === 1 ? 0 : 1);
      message.success(t('saved'));
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const appOptions = (apps.data?.entities ?? [])
    .filter((a) => a.enabled)
    .map((a) => ({ value: a.code, label: `${appName(a)} (${a.code})` }));
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={
        <Space>
          {guide ? t('guide.editTitle') : t('guide.newTitle')}
          <Tag className={state === 1 ? 'sh-tag-live' : undefined} data-testid="guide-state">
            {state === 1 ? t('guide.published') : t('guide.draft')}
          </Tag>
        </Space>
      }
      extra={
        <Space>
          {id && (
            <Button href={appUrl(guidePath(id))} target="_blank" data-testid="guide-preview">
              {t('guide.preview')}
            </Button>
          )}
          {id && (
            <Button onClick={() => void togglePublish()} loading={publish.isPending} data-testid="guide-publish">
              {state === 1 ? t('guide.unpublish') : t('guide.publish')}
            </Button>
          )}
          <Button type="primary" onClick={() => form.submit()} loading={save.isPending} data-testid="guide-save">
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="title" label={t('guide.title')} rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="guide-title-input" maxLength={100} />
        </Form.Item>
        <Form.Item name="title_en" label={t('guide.titleEn')}>
          <Input data-testid="guide-title-en-input" maxLength={200} />
        </Form.Item>
        <Form.Item name="keyword" label={t('guide.keyword')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.List name="steps">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <Card
                  key={f.key}
                  size="small"
                  title={t('guide.step', { n: i + 1 })}
                  extra={
                    fields.length > 1 && (
                      <Button size="small" type="link" danger onClick={() => remove(f.name)}>
                        {t('remove')}
                      </Button>
                    )
                  }
                >
                  <Form.Item
                    name={[f.name, 'title']}
                    label={t('guide.stepTitle')}
                    rules={[{ required: true, message: t('required') }]}
                  >
                    <Input data-testid={`guide-step-title-${i}`} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'html']} label={t('guide.stepText')}>
                    <RichTextEditor label={t('guide.stepText')} testId={`guide-step-text-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'apps']} label={t('guide.stepApps')}>
                    <Select
                      mode="multiple"
                      options={appOptions}
                      optionFilterProp="label"
                      data-testid={`guide-step-apps-${i}`}
                      aria-label={t('guide.stepApps')}
                    />
                  </Form.Item>
                </Card>
              ))}
              <Button onClick={() => add({ title: '', html: '', apps: [] })} block>
                {t('guide.addStep')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
