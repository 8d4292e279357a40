import { Button, ColorPicker, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminTemplate } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { useSaveTemplate } from '../api/look.ts';
import { showSaveError } from '../common/form-errors.ts';

const SECTIONS = ['banner', 'search', 'recommended', 'catalogue', 'guides'] as const;

/** Edits one page template: which home sections show, in the order picked, and the theme colour. */
export function TemplateEditor({ template, onClose }: { template: AdminTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const [form] = Form.useForm<AdminTemplate & { colour: unknown }>();
  const save = useSaveTemplate();
  useEffect(() => {
    if (template) form.setFieldsValue({ ...template, colour: template.theme.primary });
  }, [template, form]);
  const submit = async (v: AdminTemplate & { colour: unknown }) => {
    const colour = typeof v.colour === 'string' ? v.colour : (v.colour as { toHexString(): string }).toHexString();
    try {
      await save.mutateAsync({
        domain: v.domain,
        solution: v.solution,
        terminal: v.terminal,
        sections: v.sections,
        theme: { primary: colour },
      });
      message.success(t('saved'));
      onClose();
    } catch (err) {
      showSaveError(err, form, (text) => message.error(text));
    }
  };
  return (
    <Modal
      open={!!template}
      title={t('look.templateTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button
          key="s"
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="template-save"
        >
          {t('save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="domain" label={t('look.domain')} rules={[{ required: true, message: t('required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="solution" label={t('look.solution')} rules={[{ required: true, message: t('required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="terminal" label={t('look.terminal')}>
          <Select
            options={[
              { value: 'workflow', label: t('look.workflow') },
              { value: 'wechat', label: t('look.wechat') },
            ]}
          />
        </Form.Item>
        <Form.Item name="sections" label={t('look.sections')} extra={t('look.sectionsHint')}>
          <Select
            mode="multiple"
            aria-label={t('look.sections')}
            options={SECTIONS.map((s) => ({ value: s, label: t(`look.section.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="colour" label={t('look.theme')}>
          <ColorPicker showText disabledAlpha />
        </Form.Item>
      </Form>
    </Modal>
  );
}
