import { RelativeTime } from '../time/relative-time.tsx';
import { showToast } from './index.ts';

/** The phone's relative time: a long press shows the exact time in a toast. */
export function PhoneTime({ seconds }: { seconds: number }) {
  return <RelativeTime seconds={seconds} reveal={(exact) => showToast({ content: exact })} />;
}
