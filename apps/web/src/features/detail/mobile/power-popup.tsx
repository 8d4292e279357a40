import { Button, Form, List, Popup, Radio, SearchBar, Space, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProcessDetail } from '@service-hall/contracts';

import { useSearchUsers } from '../../../lib/domain/search-users.ts';
import { errorText } from '../../../lib/http/api-client.ts';
import { useAddSigner, useReturnTask, useTransferTask, type PowerMode } from '../api/approval-powers.ts';

/**
 * An approval power on the phone, in a bottom sheet: 转办 (search a person by name, pinyin or account; a reason),
 * 加签 (a person, before or after me) or 退回 (an earlier step; a reason). Missing input is said in place.
 */
export function PowerPopup({
  mode,
  process,
  onClose,
}: {
  mode: PowerMode;
  process: ProcessDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation('detail');
  const task = process.myTask!;
  const [keyword, setKeyword] = useState('');
  const [person, setPerson] = useState<{ id: string; name: string } | null>(null);
  const [position, setPosition] = useState<'before' | 'after'>('before');
  // The nearest earlier step is chosen to begin with, as the list is nearest first.
  const [stepId, setStepId] = useState<string>(task.returnTo[0]?.id ?? '');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const users = useSearchUsers(keyword);
  const transfer = useTransferTask();
  const sign = useAddSigner();
  const back = useReturnTask();
  const done = (text: string) => {
    Toast.show({ icon: 'success', content: text });
    onClose();
  };
  const fail = (e: unknown) => Toast.show({ icon: 'fail', content: errorText(e) });

  const submit = () => {
    if (mode !== 'return' && !person) return setMissing(t('powers.personRequired'));
    if (mode === 'return' && !stepId) return setMissing(t('powers.returnRequired'));
    if (mode !== 'addSigner' && reason.trim() === '') return setMissing(t('powers.reasonRequired'));
    if (mode === 'transfer')
      transfer.mutate(
        { taskId: task.id, toUserId: person!.id, reason: reason.trim() },
        { onSuccess: () => done(t('powers.transferred')), onError: fail },
      );
    else if (mode === 'addSigner')
      sign.mutate(
        { taskId: task.id, signerId: person!.id, position, remark: reason.trim() },
        { onSuccess: () => done(t('powers.signerAdded')), onError: fail },
      );
    else {
      const step = task.returnTo.find((s) => s.id === stepId)?.name ?? '';
      back.mutate(
        { taskId: task.id, stepId, reason: reason.trim() },
        { onSuccess: () => done(t('powers.returned', { step })), onError: fail },
      );
    }
  };

  return (
    <Popup
      visible
      onMaskClick={onClose}
      bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', borderTopLeftRadius: 8, borderTopRightRadius: 8 }}
    >
      <Form
        layout="vertical"
        data-testid={`power-form-${mode}`}
        footer={
          <Space block direction="vertical">
            {missing && (
              <div role="alert" style={{ color: 'var(--adm-color-danger)' }}>
                {missing}
              </div>
            )}
            <Button
              block
              color={mode === 'return' ? 'danger' : 'primary'}
              data-testid="power-ok"
              loading={transfer.isPending || sign.isPending || back.isPending}
              onClick={submit}
            >
              {t(`powers.${mode}`)}
            </Button>
            <Button block fill="none" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Space>
        }
      >
        <Form.Header>{t(`powers.${mode}`)}</Form.Header>
        {mode !== 'return' && (
          <Form.Item label={t(mode === 'transfer' ? 'powers.person' : 'powers.signer')} description={person?.name}>
            {/* No clear button: antd-mobile draws it as a div with an aria-label, which axe refuses. */}
            <SearchBar
              clearable={false}
              placeholder={t('powers.personPlaceholder')}
              value={keyword}
              data-testid="power-person-search"
              onChange={(v) => {
                setKeyword(v);
                setMissing(null);
              }}
              aria-label={t('powers.personPlaceholder')}
            />
            <List>
              {(users.data ?? []).map((u) => (
                <List.Item
                  key={u.id}
                  data-testid={`power-person-${u.account}`}
                  clickable
                  arrowIcon={false}
                  extra={person?.id === u.id ? '✓' : undefined}
                  description={`${u.account}${u.department ? ` · ${u.department}` : ''}`}
                  onClick={() => {
                    setPerson({ id: u.id, name: u.name });
                    setMissing(null);
                  }}
                >
                  {u.name}
                </List.Item>
              ))}
            </List>
          </Form.Item>
        )}
        {mode === 'addSigner' && (
          <Form.Item label={t('powers.position')}>
            <Radio.Group value={position} onChange={(v) => setPosition(v as 'before' | 'after')}>
              <Space direction="vertical">
                <Radio value="before">{t('powers.before')}</Radio>
                <Radio value="after">{t('powers.after')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        {mode === 'return' && (
          <Form.Item label={t('powers.returnTo')}>
            <Radio.Group
              value={stepId}
              onChange={(v) => {
                setStepId(String(v));
                setMissing(null);
              }}
            >
              <Space direction="vertical">
                {task.returnTo.map((s) => (
                  <Radio key={s.id} value={s.id} data-testid={`power-step-${s.id}`}>
                    {s.name}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item label={t(mode === 'addSigner' ? 'powers.remark' : 'powers.reason')}>
          <TextArea
            rows={3}
            maxLength={500}
            value={reason}
            data-testid="power-reason"
            aria-label={t(mode === 'addSigner' ? 'powers.remark' : 'powers.reason')}
            // antd-mobile puts aria-label on its wrapper, not on the textarea: the placeholder is what names the box
            // (axe found the 加签 remark unnamed on the phone).
            placeholder={mode === 'addSigner' ? t('powers.remark') : t('powers.reasonPlaceholder')}
            onChange={(v) => {
              setReason(v);
              setMissing(null);
            }}
          />
        </Form.Item>
      </Form>
    </Popup>
  );
}
