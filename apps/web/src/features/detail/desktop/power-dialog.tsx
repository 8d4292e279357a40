import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import type { ProcessDetail } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-client.ts';
import { useAddSigner, useReturnTask, useTransferTask, type PowerMode } from '../api/approval-powers.ts';
import { PersonSelect } from './person-select.tsx';

interface Values {
  userId?: string;
  reason?: string;
  position?: 'before' | 'after';
  stepId?: string;
}

/**
 * The dialog of one approval power on my task: 转办 (a person and a reason), 加签 (a person, before or after me,
 * an optional remark) or 退回 (an earlier step and a reason). The server's refusal is shown as it words it.
 */
export function PowerDialog({
  mode,
  process,
  onClose,
}: {
  mode: PowerMode;
  process: ProcessDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation('detail');
  const { message } = useAppMessage();
  const [form] = Form.useForm<Values>();
  const transfer = useTransferTask();
  const sign = useAddSigner();
  const back = useReturnTask();
  const task = process.myTask!;
  const pending = transfer.isPending || sign.isPending || back.isPending;
  const reasonRule = { required: true, whitespace: true, message: t('powers.reasonRequired') };
  const fail = (e: unknown) => void message.error(errorText(e));
  const done = (text: string) => {
    void message.success(text);
    onClose();
  };

  const submit = (v: Values) => {
    if (mode === 'transfer') {
      transfer.mutate(
        { taskId: task.id, toUserId: v.userId!, reason: v.reason!.trim() },
        { onSuccess: () => done(t('powers.transferred')), onError: fail },
      );
    } else if (mode === 'addSigner') {
      sign.mutate(
        { taskId: task.id, signerId: v.userId!, position: v.position ?? 'before', remark: v.reason?.trim() ?? '' },
        { onSuccess: () => done(t('powers.signerAdded')), onError: fail },
      );
    } else {
      const step = task.returnTo.find((s) => s.id === v.stepId)?.name ?? '';
      back.mutate(
        { taskId: task.id, stepId: v.stepId!, reason: v.reason!.trim() },
        { onSuccess: () => done(t('powers.returned', { step })), onError: fail },
      );
    }
  };

  return (
    <Modal
      open
      title={t(`powers.${mode}`)}
      okText={t('powers.ok')}
      cancelText={t('cancel')}
      confirmLoading={pending}
      okButtonProps={{ danger: mode === 'return', ...{ 'data-testid': 'power-ok' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ position: 'before', stepId: task.returnTo[0]?.id }}
        data-testid={`power-form-${mode}`}
      >
        {mode !== 'return' && (
          <Form.Item
            name="userId"
            label={t(mode === 'transfer' ? 'powers.person' : 'powers.signer')}
            rules={[{ required: true, message: t('powers.personRequired') }]}
          >
            <PersonSelect testId="power-person" />
          </Form.Item>
        )}
        {mode === 'addSigner' && (
          <Form.Item name="position" label={t('powers.position')}>
            <Radio.Group
              options={[
                { value: 'before', label: t('powers.before') },
                { value: 'after', label: t('powers.after') },
              ]}
            />
          </Form.Item>
        )}
        {mode === 'return' && (
          <Form.Item
            name="stepId"
            label={t('powers.returnTo')}
            rules={[{ required: true, message: t('powers.returnRequired') }]}
          >
            <Select data-testid="power-step" options={task.returnTo.map((s) => ({ value: s.id, label: s.name }))} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t(mode === 'addSigner' ? 'powers.remark' : 'powers.reason')}
          rules={mode === 'addSigner' ? [] : [reasonRule]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            placeholder={mode === 'addSigner' ? undefined : t('powers.reasonPlaceholder')}
            data-testid="power-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
