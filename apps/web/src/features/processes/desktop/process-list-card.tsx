import { Card, Input, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ListError } from '../../lists/list-error.tsx';
import type { FilterPatch } from '../../lists/list-filters.ts';
import { SavedFiltersMenu } from '../../lists/saved-filters-menu.tsx';
import { useLiveRefresh } from '../../live/live-refresh.tsx';

interface Props {
  title: string;
  keyword: string;
  onFilter: (patch: FilterPatch) => void;
  filters?: ReactNode;
  error?: unknown;
  /** Reads the list again after an error. */
  onRetry?: () => void;
  /** Name under which this list's saved filters are kept. */
  list?: string;
  children: ReactNode;
}

/** Frame of a process list page: title, extra filters, keyword search (kept in the URL). */
export function ProcessListCard({ title, keyword, onFilter, filters, error, onRetry, list, children }: Props) {
  const { t } = useTranslation('processes');
  // Lists stay current while open even where the layout mounts no LiveRefresh.
  useLiveRefresh();
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          {filters}
          {list && <SavedFiltersMenu list={list} />}
          <Input.Search
            key={keyword}
            allowClear
            defaultValue={keyword}
            placeholder={t('search')}
            style={{ width: 260 }}
            onSearch={(v) => onFilter({ keyword: v })}
            data-testid="list-search"
          />
        </Space>
      }
    >
      {error ? <ListError error={error} onRetry={onRetry ?? (() => undefined)} /> : children}
    </Card>
  );
}
