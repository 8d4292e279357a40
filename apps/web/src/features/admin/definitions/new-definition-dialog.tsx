import { Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProcessDefinition } from '@service-hall/engine';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { fetchTemplateJson, useDefinitionTemplates } from '../api/definitions.ts';
import { blankDefinition } from './blank-definition.ts';

interface Values {
  from: 'blank' | 'template';
  template?: string;
  code: string;
  zh: string;
  en: string;
}

/** Starts a new flow: blank, or one of the twelve built-in templates under a new code and name. */
export function NewDefinitionDialog({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  onCreate: (def: ProcessDefinition) => void;
}) {
  const { t } = useTranslation('definitions');
  const { t: ta } = useTranslation('admin');
  const { message } = useAppMessage();
  const [form] = Form.useForm<Values>();
  const from = Form.useWatch('from', form);
  const templates = useDefinitionTemplates(open);
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const name = { zh: v.zh, en: v.en || v.zh };
      if (v.from === 'blank') onCreate(blankDefinition(v.code, name));
      else
        onCreate({
          ...((await fetchTemplateJson(v.template!)) as unknown as ProcessDefinition),
          code: v.code,
          name,
          version: 1,
        });
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnClose
      okButtonProps={{ 'data-testid': 'new-definition-ok' } as never}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ from: 'blank' }}
        onFinish={(v) => void submit(v)}
        preserve={false}
      >
        <Form.Item name="from">
          <Radio.Group
            options={[
              { value: 'blank', label: t('blank') },
              { value: 'template', label: t('fromTemplate') },
            ]}
          />
        </Form.Item>
        {from === 'template' && (
          <Form.Item name="template" label={t('template')} rules={[{ required: true, message: ta('required') }]}>
            <Select
              data-testid="new-definition-template"
              options={(templates.data?.entities ?? []).map((x) => ({ value: x.code, label: `${x.name} (${x.code})` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={t('code')}
          extra={t('codeHint')}
          rules={[
            { required: true, message: ta('required') },
            { pattern: /^[a-z0-9][a-z0-9_-]{0,63}$/, message: t('codeHint') },
          ]}
        >
          <Input data-testid="new-definition-code" />
        </Form.Item>
        <Form.Item name="zh" label={t('nameZh')} rules={[{ required: true, message: ta('required') }]}>
          <Input data-testid="new-definition-zh" />
        </Form.Item>
        <Form.Item name="en" label={t('nameEn')}>
          <Input data-testid="new-definition-en" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
