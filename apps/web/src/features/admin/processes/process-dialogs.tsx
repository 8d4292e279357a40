import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AdminProcess } from '@service-hall/contracts';
import { cancelAdminProcessRoute, reassignAdminTaskRoute } from '@service-hall/contracts/lite';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { call } from '../../../lib/http/call.ts';
import { UserPicker } from '../shared/user-picker.tsx';
import { adminProcessesKey } from './processes-api.ts';

const REASON_MAX = 500;

function useDone(key: string, onClose: () => void) {
  const { t } = useTranslation('adminProcesses');
  const { message } = useAppMessage();
  const client = useQueryClient();
  return {
    onSuccess: async () => {
      message.success(t(key));
      await client.invalidateQueries({ queryKey: adminProcessesKey });
      onClose();
    },
    onError: (e: unknown) => void message.error(errorText(e)),
  };
}

/** Hands one open task of a process to another person, with a reason the timeline shows. */
export function ReassignDialog({ process, onClose }: { process: AdminProcess; onClose: () => void }) {
  const { t } = useTranslation('adminProcesses');
  const [form] = Form.useForm<{ taskId: string; toUserId: string; reason: string }>();
  const save = useMutation({
    mutationFn: (v: { taskId: string; toUserId: string; reason: string }) =>
      call(reassignAdminTaskRoute, { params: { id: v.taskId }, body: { toUserId: v.toUserId, reason: v.reason } }),
    ...useDone('reassigned', onClose),
  });
  return (
    <Modal
      open
      title={`${t('reassignTitle')} · ${process.entry}`}
      okText={t('confirm')}
      cancelText={t('close')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'reassign-ok' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ taskId: process.openTasks[0]?.id }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="taskId" label={t('task')} rules={[{ required: true }]}>
          <Select options={process.openTasks.map((x) => ({ value: x.id, label: `${x.name}: ${x.assignee}` }))} />
        </Form.Item>
        <Form.Item name="toUserId" label={t('to')} rules={[{ required: true }]}>
          <UserPicker placeholder={t('pickUser')} testId="reassign-to" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('reason')}
          extra={t('reasonHint')}
          rules={[{ required: true, whitespace: true, max: REASON_MAX }]}
        >
          <Input.TextArea rows={3} data-testid="reassign-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Ends a running process as withdrawn, with a reason. */
export function CancelDialog({ process, onClose }: { process: AdminProcess; onClose: () => void }) {
  const { t } = useTranslation('adminProcesses');
  const [form] = Form.useForm<{ reason: string }>();
  const save = useMutation({
    mutationFn: (v: { reason: string }) =>
      call(cancelAdminProcessRoute, { params: { id: process.id }, body: { reason: v.reason } }),
    ...useDone('cancelled', onClose),
  });
  return (
    <Modal
      open
      title={t('cancelTitle', { entry: process.entry })}
      okText={t('confirm')}
      cancelText={t('close')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ danger: true }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('cancelWarning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="reason"
          label={t('reason')}
          extra={t('reasonHint')}
          rules={[{ required: true, whitespace: true, max: REASON_MAX }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
