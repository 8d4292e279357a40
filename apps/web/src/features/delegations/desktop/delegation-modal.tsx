import { Modal, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded when the modal first opens: the header renders this modal on every desktop page.
const DelegationModalBody = lazy(() => import('./delegation-modal-body.tsx'));

/** Width of the delegation modal (docs/product.md §9). */
export const DELEGATION_MODAL_WIDTH = 770;

/**
 * The delegation modal (770 wide, two tabs) opened from the desktop header. Its own chunk (delegation-trigger.tsx
 * loads it when the header's link is first used): antd's Modal with its motion and focus code is ≈ 30 KB gzipped
 * that no first screen shows.
 */
export default function DelegationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('delegations');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={DELEGATION_MODAL_WIDTH}
      title={t('title')}
      destroyOnHidden
      data-testid="delegation-modal"
    >
      <Suspense fallback={<Skeleton active />}>
        <DelegationModalBody />
      </Suspense>
    </Modal>
  );
}
