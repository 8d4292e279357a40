import { SlotPage } from '../console/slot-page.tsx';

/** Console page: catalogue. */
export default function Page() {
  return <SlotPage titleKey="catalogue" />;
}
