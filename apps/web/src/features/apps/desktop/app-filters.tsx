import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL, EMPTY_FILTER, type AppFilter } from '../logic/filter-apps.ts';

interface Props {
  value: AppFilter;
  onChange: (f: AppFilter) => void;
  options: { tags: string[]; otherTags: string[]; departments: string[] };
}

/** Name text, category (first tag), other tags and department; `all` clears a filter. */
export function AppFilters({ value, onChange, options }: Props) {
  const { t } = useTranslation('apps');
  const sel = (key: 'tag' | 'otherTag' | 'department', list: string[], label: string) => (
    <Select
      className="sh-filter-select"
      data-testid={`filter-${key === 'otherTag' ? 'other' : key}`}
      aria-label={label}
      value={value[key]}
      onChange={(v) => onChange({ ...value, [key]: v })}
      // The closed select names its filter whatever is chosen ("主管部门: 学生处"); the options are plain values.
      labelRender={(o) => `${label}: ${String(o.label ?? o.value)}`}
      options={[{ value: ALL, label: t('filter.all') }, ...list.map((x) => ({ value: x, label: x }))]}
      popupMatchSelectWidth={false}
    />
  );
  return (
    <div className="sh-filters">
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
