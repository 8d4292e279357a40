import { lazy, Suspense, useCallback, useState } from 'react';
import { Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

// Loaded when the modal first opens: the header renders this modal on every desktop page.
const DelegationModalBody = lazy(() => import('./delegation-modal-body.tsx'));

/** Width of the delegation modal (docs/product.md §9). */
export const DELEGATION_MODAL_WIDTH = 770;

/** The delegation modal (770 wide, two tabs) opened from the desktop header. */
export function DelegationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('entrust');
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={DELEGATION_MODAL_WIDTH} title={t('title')} destroyOnHidden
      data-testid="delegation-modal">
      <Suspense fallback={<Skeleton active />}>
        <DelegationModalBody />
      </Suspense>
    </Modal>
  );
}

/** `{ open, show, hide, modal }` — render `modal` once and call `show` from a header link. */
export function useDelegationModal() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  return { open, show, hide, modal: <DelegationModal open={open} onClose={hide} /> };
}
