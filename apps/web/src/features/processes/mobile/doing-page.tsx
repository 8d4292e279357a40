import { MobileProcessList } from './process-list.tsx';

/** /workflow/doing on mobile. */
export default function DoingPage() {
  return <MobileProcessList list="doing" />;
}
