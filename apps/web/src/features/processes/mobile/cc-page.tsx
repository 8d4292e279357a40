import { Button, Space, Switch, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../../lib/http/api-client.ts';
import { useListFilters } from '../../lists/use-list-filters.ts';
import { useMarkRead } from '../api/use-mark-read.ts';
import { MobileProcessList } from './process-list.tsx';

/** /workflow/flow_cc on mobile: unread switch and mark read per item. */
export default function CcPage() {
  const { t } = useTranslation('processes');
  const { params, setFilters } = useListFilters();
  const mark = useMarkRead();
  const filters = (
    <Space align="center">
      <Switch
        data-testid="unread-filter"
        checked={params.get('unread') === 'true'}
        onChange={(on) => setFilters({ unread: on ? 'true' : null })}
      />
      <span>{t('onlyUnread')}</span>
    </Space>
  );
  return (
    <MobileProcessList
      list="cc"
      filters={filters}
      extra={(p) =>
        !p.read && (
          <Button
            size="mini"
            color="primary"
            fill="outline"
            data-testid={`mark-read-${p.id}`}
            onClick={(e) => {
              e.stopPropagation();
              mark.mutate([p.id], {
                onSuccess: () => Toast.show({ icon: 'success', content: t('markedRead') }),
                onError: (err) => Toast.show({ icon: 'fail', content: errorText(err) }),
              });
            }}
          >
            {t('markRead')}
          </Button>
        )
      }
    />
  );
}
