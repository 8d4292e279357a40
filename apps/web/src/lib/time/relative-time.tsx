import { useRef } from 'react';

import { formatDate, relativeTime } from './time.ts';

const LONG_PRESS_MS = 500;

/**
 * A relative time ("5分钟前") that tells its exact time: on hover (the `title`, desktop) and, when `reveal` is given,
 * on a long press (phones have no hover; the phone layout shows it in a toast). A long press does not also count as
 * a tap on the row around it.
 */
export function RelativeTime({ seconds, reveal }: { seconds: number; reveal?: (exact: string) => void }) {
  const exact = formatDate(seconds, true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const revealed = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const press = reveal && {
    onTouchStart: () => {
      revealed.current = false;
      cancel();
      timer.current = setTimeout(() => {
        revealed.current = true;
        reveal(exact);
      }, LONG_PRESS_MS);
    },
    onTouchEnd: cancel,
    onTouchMove: cancel,
    onTouchCancel: cancel,
    // The browser's own long-press menu (copy, search) would cover the toast.
    onContextMenu: (e: React.MouseEvent) => e.preventDefault(),
    onClick: (e: React.MouseEvent) => {
      if (!revealed.current) return;
      revealed.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
  const date = new Date(seconds * 1000);
  const iso = Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  return (
    <time dateTime={iso} title={exact} data-exact={exact} style={{ whiteSpace: 'nowrap' }} {...press}>
      {relativeTime(seconds)}
    </time>
  );
}
