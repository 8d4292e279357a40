import { SlotPage } from '../console/slot-page.tsx';

/** Console page: look. */
export default function Page() {
  return <SlotPage titleKey="look" />;
}
