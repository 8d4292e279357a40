import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from './console-page.tsx';

/** A console page another part of the issue fills in (see console-nav.ts); until then it says so. */
export function SlotPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('admin');
  return (
    <ConsolePage title={t(`nav.${titleKey}`)} testId={`console-slot-${titleKey}`}>
      <Empty description={t('slot')} />
    </ConsolePage>
  );
}
