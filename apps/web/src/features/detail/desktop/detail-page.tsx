import { Card, Descriptions, Empty, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { STATUS_TAG_COLOR } from '../../../lib/domain/process-status.ts';
import { errorText } from '../../../lib/http/api-client.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { WidgetBoundary } from '../../../lib/ui/widget-boundary.tsx';
import { AttachmentList } from '../../attachments/desktop/attachment-list.tsx';
import { useLiveRefresh } from '../../live/live-refresh.tsx';
import { formFields } from '../api/form-fields.ts';
import { useDefinition } from '../api/get-definition.ts';
import { useProcess } from '../api/get-process.ts';
import { useShowsUrge } from '../api/shows-urge.ts';
import { FlowDiagram } from './flow-diagram.tsx';
import { RateForm } from './rate-form.tsx';
import { TaskActions } from './task-actions.tsx';
import { TaskTimeline } from './task-timeline.tsx';

/** /workflow/detail?id=: header, form data, timeline, copied people, rating and my actions. */
export default function DetailPage() {
  const { t, i18n } = useTranslation('detail');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useProcess(id);
  const p = q.data;
  const def = useDefinition(p?.app.code || undefined, i18n.language);
  const showsUrge = useShowsUrge(p);

  if (!id) return <Result status="warning" title={t('noId')} />;
  if (q.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (q.isError || !p) return <Result status="error" title={t('loadFailed')} subTitle={errorText(q.error)} />;
  const fields = formFields(p.data, def.data, i18n.language, i18n.t, p.dataNames);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="process-detail">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {p.name}
          </Typography.Title>
        }
        extra={
          <Tag color={STATUS_TAG_COLOR[p.status]} data-testid="process-status" data-status={p.status}>
            {t(`status.${p.status}`)}
          </Tag>
        }
      >
        <Descriptions
          column={3}
          size="small"
          items={[
            { key: 'entry', label: t('entry'), children: p.entry },
            { key: 'app', label: t('app'), children: p.app.name },
            { key: 'owner', label: t('owner'), children: p.owner?.name },
            { key: 'create', label: t('create'), children: formatDate(p.create, true) },
            { key: 'update', label: t('update'), children: formatDate(p.update, true) },
            {
              key: 'pending',
              label: t('pendingSteps'),
              children: p.pendingTasks.map((x) => x.name).join(t('listSep')) || '—',
            },
          ]}
        />
      </Card>
      {(p.myTask || p.canWithdraw || showsUrge) && (
        <Card title={t('handle')}>
          <WidgetBoundary>
            <TaskActions process={p} />
          </WidgetBoundary>
        </Card>
      )}
      <Card title={t('formData')}>
        {fields.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Descriptions
            column={2}
            bordered
            size="small"
            items={fields.map((f) => ({
              key: f.key,
              label: f.label,
              children: f.files ? <AttachmentList files={f.files} /> : f.value,
            }))}
          />
        )}
      </Card>
      {p.diagram.length > 0 && (
        <Card title={t('flow')}>
          <WidgetBoundary>
            <FlowDiagram nodes={p.diagram} status={p.status} />
          </WidgetBoundary>
        </Card>
      )}
      <Card title={t('timeline')}>
        <WidgetBoundary>
          <TaskTimeline process={p} />
        </WidgetBoundary>
      </Card>
      <Card title={t('cc')}>
        {p.cc.length === 0 ? (
          <Typography.Text type="secondary">{t('noCc')}</Typography.Text>
        ) : (
          <Space wrap>
            {p.cc.map((c) => (
              <Tag key={c.user.id} color={c.read ? 'default' : 'blue'}>
                {c.user.name}
                {c.read ? t('ccRead') : ''}
              </Tag>
            ))}
          </Space>
        )}
      </Card>
      {p.status !== 'doing' && (
        <Card title={t('rating')}>
          <WidgetBoundary>
            <RateForm process={p} />
          </WidgetBoundary>
        </Card>
      )}
    </Space>
  );
}
