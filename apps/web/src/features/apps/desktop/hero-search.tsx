import { SearchField } from '../../../lib/ui/search-field.tsx';

/** Large search box of the home template's "search" section (apps and guides). */
export function HeroSearch({ overlap = false }: { overlap?: boolean }) {
  return (
    // The page's one search box: the header leaves its own out when the template has this section.
    <div className={`sh-hero-search ${overlap ? 'is-overlap' : ''}`} data-testid="search-hero">
      <SearchField size="large" />
    </div>
  );
}
