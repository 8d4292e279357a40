import { Popup } from 'antd-mobile';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  visible: boolean;
  /** The dialog's name, shown as its heading and announced by screen readers. */
  title: string;
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A bottom sheet that is a dialog for assistive technology: antd-mobile's Popup is a plain div, so screen readers
 * did not know a dialog had opened nor what it was. Focus moves into it when it opens.
 */
export function SheetDialog({ visible, title, onClose, children, testId }: Props) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (visible) box.current?.focus({ preventScroll: true });
  }, [visible]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyStyle={{
        padding: 12,
        boxSizing: 'border-box',
        maxHeight: '85vh',
        overflowY: 'auto',
        overflowX: 'hidden',
        borderTopLeftRadius: 12,
        borderTopRightRadius: 12,
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        ref={box}
        data-testid={testId}
        style={{ outline: 'none' }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) onClose();
        }}
      >
        <h2 id={id} style={{ fontSize: 16, fontWeight: 600, margin: '4px 0 12px', textAlign: 'center' }}>
          {title}
        </h2>
        {children}
      </div>
    </Popup>
  );
}
