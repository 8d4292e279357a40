import { Badge, InfiniteScroll, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorText } from '../../../lib/http/api-client.ts';
import { PhoneTime } from '../../../lib/mobile-lazy/phone-time.tsx';
import { detailPath } from '../../../lib/routing/paths.ts';
import { MobileListError } from '../../lists/list-error-mobile.tsx';
import { useLiveRefresh } from '../../live/live-refresh.tsx';
import { useInfiniteNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { notificationText } from '../logic/notification-key.ts';

/** /workflow/infos on mobile; opening an unread notification marks it read. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  const navigate = useNavigate();
  const q = useInfiniteNotifications();
  const mark = useMarkNotificationRead();
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="shm-page">
      <List header={t('title')}>
        {items.map((n) => (
          <List.Item
            key={n.id}
            data-testid={`info-${n.id}`}
            prefix={n.read ? null : <Badge content={Badge.dot} />}
            description={
              <>
                {`${n.process.entry} · `}
                <PhoneTime seconds={n.create} />
              </>
            }
            onClick={() => {
              if (!n.read) mark.mutate(n.id, { onError: (e) => Toast.show({ icon: 'fail', content: errorText(e) }) });
              navigate(detailPath(n.process.id));
            }}
          >
            {notificationText(t, n)}
          </List.Item>
        ))}
      </List>
      {q.isError && (
        <MobileListError error={q.error} onRetry={() => void (items.length ? q.fetchNextPage() : q.refetch())} />
      )}
      <InfiniteScroll
        loadMore={async () => {
          await q.fetchNextPage();
        }}
        hasMore={!q.isError && (q.hasNextPage ?? true)}
      >
        {q.isError ? null : q.isLoading || q.hasNextPage ? t('loading') : items.length ? t('noMore') : t('empty')}
      </InfiniteScroll>
    </div>
  );
}
