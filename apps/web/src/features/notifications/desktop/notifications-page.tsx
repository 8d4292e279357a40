import { Badge, Button, Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-client.ts';
import { detailPath } from '../../../lib/routing/paths.ts';
import { RelativeTime } from '../../../lib/time/relative-time.tsx';
import { ListError } from '../../lists/list-error.tsx';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { useLiveRefresh } from '../../live/live-refresh.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { notificationText } from '../logic/notification-key.ts';

/** /workflow/infos: task assigned, process finished, copied to me — unread first. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  const { message } = useAppMessage();
  const { start, limit, setFilters } = useListFilters();
  const q = useNotifications(start);
  const mark = useMarkNotificationRead();
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
    >
      {q.isError ? (
        <ListError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <List
          loading={q.isFetching}
          dataSource={q.data?.items ?? []}
          locale={{ emptyText: t('empty') }}
          pagination={{
            current: Math.floor(start / limit) + 1,
            pageSize: limit,
            total: q.data?.total ?? 0,
            onChange: (p) => setFilters({ start: (p - 1) * limit }),
          }}
          renderItem={(n) => (
            <List.Item
              data-testid={`info-${n.id}`}
              actions={
                n.read
                  ? []
                  : [
                      <Button
                        key="read"
                        size="small"
                        type="link"
                        data-testid={`info-read-${n.id}`}
                        onClick={() =>
                          mark.mutate(n.id, {
                            onSuccess: () => void message.success(t('markedRead')),
                            onError: (e) => void message.error(errorText(e)),
                          })
                        }
                      >
                        {t('markRead')}
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                avatar={<Badge status={n.read ? 'default' : 'processing'} />}
                title={<Link to={detailPath(n.process.id)}>{notificationText(t, n)}</Link>}
                description={
                  <>
                    {`${n.process.entry} · `}
                    <RelativeTime seconds={n.create} />
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
