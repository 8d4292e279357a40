import { useCatalogue } from '../api/use-catalogue.ts';
import { MobileCatalogue } from './mobile-catalogue.tsx';

import '../apps-mobile.css';

/** Mobile /workflow/appall: full A–Z list with filters (the shell shows the back arrow). */
export default function MobileAllAppsPage() {
  const cat = useCatalogue();
  return (
    <div data-testid="page-appall">
      <MobileCatalogue apps={cat.apps} favorites={cat.favorites} loading={cat.isLoading} />
    </div>
  );
}
