import { SlotPage } from '../console/slot-page.tsx';

/** Console page: audit. */
export default function Page() {
  return <SlotPage titleKey="audit" />;
}
