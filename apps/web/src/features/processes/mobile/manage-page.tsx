import { useListFilters } from '../../lists/use-list-filters.ts';
import { MobileProcessList } from './process-list.tsx';
import { YearPicker } from './year-picker.tsx';

/** /workflow/manage on mobile. */
export default function ManagePage() {
  const { params, setFilters } = useListFilters();
  return (
    <MobileProcessList
      list="guest"
      filters={
        <YearPicker timestamps={params.get('timestamps') ?? ''} onChange={(ts) => setFilters({ timestamps: ts })} />
      }
    />
  );
}
