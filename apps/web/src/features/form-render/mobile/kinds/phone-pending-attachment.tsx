import { useTranslation } from 'react-i18next';

/** An attachment field where nothing is applied for (the designer's preview): files are uploaded on the apply page. */
export function PhonePendingAttachment() {
  const { t } = useTranslation('apply');
  return <span className="sh-kind-muted">{t('kinds.attachmentPending')}</span>;
}
