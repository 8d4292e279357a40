import { useListFilters } from '../../lists/use-list-filters.ts';
import { MobileProcessList } from './process-list.tsx';
import { YearPicker } from './year-picker.tsx';

/** /workflow/done on mobile, with the year picker. */
export default function DonePage() {
  const { params, setFilters } = useListFilters();
  return (
    <MobileProcessList
      list="done"
      filters={
        <YearPicker timestamps={params.get('timestamps') ?? ''} onChange={(ts) => setFilters({ timestamps: ts })} />
      }
    />
  );
}
