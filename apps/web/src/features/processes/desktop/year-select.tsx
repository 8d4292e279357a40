import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

import { yearOfTimestamps, yearOptions, yearTimestamps } from '../year-range.ts';

/** Year filter of the done list: all years, this year or the two before; the value is "from,to" seconds. */
export function YearSelect({ timestamps, onChange }: { timestamps: string; onChange: (timestamps: string) => void }) {
  const { t } = useTranslation('processes');
  const year = yearOfTimestamps(timestamps);
  return (
    <Select<number | 'all'>
      data-testid="year-filter"
      aria-label={t('yearFilter')}
      style={{ width: 140 }}
      value={year ?? 'all'}
      onChange={(v) => onChange(v === 'all' ? '' : yearTimestamps(v))}
      options={[
        { value: 'all', label: t('allYears') },
        ...yearOptions().map((y) => ({ value: y, label: t('year', { year: y }) })),
      ]}
    />
  );
}
