import { SlotPage } from '../console/slot-page.tsx';

/** Console page: guides. */
export default function Page() {
  return <SlotPage titleKey="guides" />;
}
