import { lazy, Suspense, useCallback, useState } from 'react';

import { withChunkRecovery } from '../../../lib/routing/chunk-recovery.ts';

const loadModal = () => import('./delegation-modal.tsx');
// Offline at the first click: the modal opens once the server is reachable again (chunk-recovery.ts).
const DelegationModal = lazy(withChunkRecovery(loadModal));

/**
 * `{ open, show, hide, preload, modal }` — render `modal` once and call `show` from a header link. The modal's code
 * (antd's Modal) is fetched when the link is pointed at, focused or first used, and stays mounted afterwards so it
 * closes with its animation.
 */
export function useDelegationModal() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);
  // Warms the browser's module cache; a failure here is left to the lazy component's recovery.
  const preload = useCallback(() => void loadModal().catch(() => undefined), []);
  const modal = used ? (
    <Suspense fallback={null}>
      <DelegationModal open={open} onClose={hide} />
    </Suspense>
  ) : null;
  return { open, show, hide, preload, modal };
}
