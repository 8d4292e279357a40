import { useTranslation } from 'react-i18next';

import type { PhoneKindProps } from './phone-kind-props.ts';

/** A read-only computed value (e.g. working days of a range), filled in as the dates are picked. */
export function PhoneComputed({ value, field }: PhoneKindProps<number>) {
  const { t } = useTranslation('apply');
  return (
    <output className="shm-kind-computed" aria-live="polite" data-testid={`computed-${field.name}`}>
      {typeof value === 'number' ? (
        t('kinds.computedDays', { count: value })
      ) : (
        <span className="sh-kind-muted">{t('kinds.computedPending')}</span>
      )}
    </output>
  );
}
