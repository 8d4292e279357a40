import { Button, Input, Rate, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProcessDetail } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-client.ts';
import { useProcessAction } from '../../actions/process-action.ts';

/** The rating of a finished process: the starter gives 1–5 stars and a remark once (→ 评分成功). */
export function RateForm({ process }: { process: ProcessDetail }) {
  const { t } = useTranslation('detail');
  const { message } = useAppMessage();
  const act = useProcessAction();
  const [rating, setRating] = useState(0);
  const [remark, setRemark] = useState('');

  if (process.rating) {
    return (
      <Space direction="vertical">
        <Rate disabled value={process.rating} />
        {process.review && <Typography.Text type="secondary">{process.review}</Typography.Text>}
      </Space>
    );
  }
  if (!process.canRate) return <Typography.Text type="secondary">{t('notRated')}</Typography.Text>;
  const submit = () =>
    act.mutate(
      { id: process.id, body: { action: 'rate', rating, remark } },
      {
        onSuccess: () => void message.success(t('rated')),
        onError: (e) => void message.error(errorText(e)),
      },
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="rate-form">
      <Rate value={rating} onChange={setRating} data-testid="rate-stars" />
      <Input.TextArea
        rows={2}
        maxLength={500}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        placeholder={t('ratePlaceholder')}
      />
      <Button type="primary" disabled={rating < 1} loading={act.isPending} onClick={submit} data-testid="rate-submit">
        {t('rate')}
      </Button>
    </Space>
  );
}
