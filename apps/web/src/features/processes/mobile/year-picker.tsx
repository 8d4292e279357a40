import { Selector } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { yearOfTimestamps, yearOptions, yearTimestamps } from '../year-range.ts';

/** Year picker of the done list on mobile: all, this year or the two before. */
export function YearPicker({ timestamps, onChange }: { timestamps: string; onChange: (timestamps: string) => void }) {
  const { t } = useTranslation('processes');
  const year = yearOfTimestamps(timestamps);
  return (
    <Selector
      data-testid="year-filter"
      aria-label={t('yearFilter')}
      columns={4}
      style={{ '--padding': '8px 2px', fontSize: 14, whiteSpace: 'nowrap' } as CSSProperties}
      value={[year ? String(year) : 'all']}
      onChange={(v) => v[0] && onChange(v[0] === 'all' ? '' : yearTimestamps(Number(v[0])))}
      options={[
        { value: 'all', label: t('allYears') },
        ...yearOptions().map((y) => ({ value: String(y), label: t('year', { year: y }) })),
      ]}
    />
  );
}
