import { Dropdown, Radio, Space, type DropdownRef } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { ALL, type AppFilter } from '../logic/filter-apps.ts';

interface Props {
  value: AppFilter;
  onChange: (f: AppFilter) => void;
  options: { tags: string[]; otherTags: string[]; departments: string[] };
}

/** Category / tag / department dropdowns; `all` clears a filter; a choice closes the pane. */
export function MobileFilters({ value, onChange, options }: Props) {
  const { t } = useTranslation('apps');
  const ref = useRef<DropdownRef>(null);
  const item = (key: 'tag' | 'otherTag' | 'department', list: string[], label: string) => (
    <Dropdown.Item
      key={key}
      title={
        <span data-testid={`filter-${key === 'otherTag' ? 'other' : key}`}>
          {value[key] === ALL ? label : value[key]}
        </span>
      }
    >
      <div className="shm-filter-pane">
        <Radio.Group
          value={value[key]}
          onChange={(v) => {
            onChange({ ...value, [key]: String(v) });
            ref.current?.close();
          }}
        >
          <Space direction="vertical" block>
            <Radio value={ALL}>{t('filter.all')}</Radio>
            {list.map((x) => (
              <Radio key={x} value={x}>
                {x}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
    </Dropdown.Item>
  );
  return (
    <Dropdown ref={ref}>
      {item('tag', options.tags, t('filter.tag'))}
      {item('otherTag', options.otherTags, t('filter.otherTag'))}
      {item('department', options.departments, t('filter.department'))}
    </Dropdown>
  );
}
