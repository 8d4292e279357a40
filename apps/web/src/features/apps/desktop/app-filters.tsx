import { Button } from 'antd';
// The component's own module: `Input` through antd's index keeps TextArea, Password and OTP (9 KB gz).
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ALL, EMPTY_FILTER, type AppFilter } from '../logic/filter-apps.ts';
import { FilterSelect, loadFilterSelect } from './filter-select.tsx';

interface Props {
  value: AppFilter;
  onChange: (f: AppFilter) => void;
  options: { tags: string[]; otherTags: string[]; departments: string[] };
}

/** Name text, category (first tag), other tags and department; `all` clears a filter. */
export function AppFilters({ value, onChange, options }: Props) {
  const { t } = useTranslation('apps');
  // The selects' code loads when the pointer or focus first comes to the filter bar.
  const [active, setActive] = useState(false);
  const activate = () => {
    loadFilterSelect();
    setActive(true);
  };
  const sel = (key: 'tag' | 'otherTag' | 'department', list: string[], label: string) => (
    <FilterSelect
      active={active}
      testId={`filter-${key === 'otherTag' ? 'other' : key}`}
      label={label}
      value={value[key]}
      onChange={(v) => onChange({ ...value, [key]: v })}
      options={[{ value: ALL, label: t('filter.all') }, ...list.map((x) => ({ value: x, label: x }))]}
    />
  );
  return (
    <div className="sh-filters" onPointerEnter={activate} onFocus={activate}>
      <Input
        allowClear
        className="sh-filter-name"
        data-testid="filter-name"
        placeholder={t('filter.name')}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.target.value })}
      />
      {sel('tag', options.tags, t('filter.tag'))}
      {sel('otherTag', options.otherTags, t('filter.otherTag'))}
      {sel('department', options.departments, t('filter.department'))}
      <Button type="link" data-testid="filter-reset" onClick={() => onChange(EMPTY_FILTER)}>
        {t('filter.reset')}
      </Button>
    </div>
  );
}
