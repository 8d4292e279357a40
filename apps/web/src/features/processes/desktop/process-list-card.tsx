import type { ReactNode } from 'react';
import { Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client.ts';
import type { FilterPatch } from '../../live/list-filters.ts';
import { useLiveRefresh } from '../../live/live-refresh.tsx';
import { SavedFiltersMenu } from '../../live/saved-filters-menu.tsx';

interface Props {
  title: string;
  keyword: string;
  onFilter: (patch: FilterPatch) => void;
  filters?: ReactNode;
  error?: unknown;
  /** Name under which this list's saved filters are kept. */
  list?: string;
  children: ReactNode;
}

/** Frame of a process list page: title, extra filters, keyword search (kept in the URL). */
export function ProcessListCard({ title, keyword, onFilter, filters, error, list, children }: Props) {
  const { t } = useTranslation('processes');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>}
      extra={
        <Space wrap>
          {filters}
          {list && <SavedFiltersMenu list={list} />}
          <Input.Search key={keyword} allowClear defaultValue={keyword} placeholder={t('search')} style={{ width: 260 }}
            onSearch={(v) => onFilter({ keyword: v })} data-testid="list-search" />
        </Space>
      }
    >
      {error ? <Typography.Text type="danger">{errorText(error)}</Typography.Text> : null}
      {children}
    </Card>
  );
}
