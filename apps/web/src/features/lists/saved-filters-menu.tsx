import { Button, Dropdown, Input, Popover, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { useProfile } from '../../lib/auth/profile.ts';
import { filterQuery, loadSavedFilters, removeFilter, saveFilter, type SavedFilter } from './saved-filters.ts';

/** Desktop lists: save the current filters under a name, apply or delete a saved one (kept per user). */
export function SavedFiltersMenu({ list }: { list: string }) {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const user = profile?.account ?? '';
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<SavedFilter[]>([]);
  // The profile (and so the user) arrives after the first render.
  useEffect(() => {
    if (user) setSaved(loadSavedFilters(user, list));
  }, [user, list]);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const current = filterQuery(params);
  if (!user) return null;

  const save = () => {
    if (!name.trim()) return;
    setSaved(saveFilter(user, list, { name: name.trim(), query: current }));
    setName('');
    setNaming(false);
  };
  return (
    <Space size={4}>
      <Dropdown
        disabled={saved.length === 0}
        trigger={['click']}
        menu={{
          items: saved.map((f) => ({
            key: f.query,
            label: (
              <Space data-testid={`saved-filter-${f.name}`}>
                <span>{f.name}</span>
                <Button
                  size="small"
                  type="link"
                  danger
                  aria-label={t('savedFilters.remove', { name: f.name })}
                  onClick={(e) => {
                    e.stopPropagation();
                    setSaved(removeFilter(user, list, f.query));
                  }}
                >
                  ×
                </Button>
              </Space>
            ),
          })),
          onClick: ({ key }) => navigate(`${pathname}${key ? `?${key}` : ''}`),
        }}
      >
        <Button data-testid="saved-filters">{t('savedFilters.title', { count: saved.length })}</Button>
      </Dropdown>
      <Popover
        open={naming}
        onOpenChange={setNaming}
        trigger="click"
        content={
          <Space.Compact>
            <Input
              autoFocus
              maxLength={30}
              value={name}
              placeholder={t('savedFilters.name')}
              aria-label={t('savedFilters.name')}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={save}
              data-testid="saved-filter-name"
            />
            <Button type="primary" onClick={save} disabled={!name.trim()} data-testid="saved-filter-save">
              {t('savedFilters.save')}
            </Button>
          </Space.Compact>
        }
      >
        <Button type="link" disabled={!current} data-testid="saved-filter-new">
          {t('savedFilters.saveCurrent')}
        </Button>
      </Popover>
    </Space>
  );
}
