import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** An attachment field where nothing is applied for (the designer's preview): files are uploaded on the apply page. */
export function PendingAttachmentField({ fieldPathId }: FieldProps) {
  const { t } = useTranslation('apply');
  return (
    <div id={fieldPathId.$id} className="sh-kind-muted">
      {t('kinds.attachmentPending')}
    </div>
  );
}
