import { useState } from 'react';

/**
 * True from the first render where `open` is true on. A dialog whose code loads when first opened mounts then and
 * stays mounted, so it closes with its animation and keeps its state like an always-mounted one.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state, set during render (React re-renders at once, before committing).
  if (open && !opened) setOpened(true);
  return opened || open;
}
