import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { unitLabel } from '../../logic/unit-label.ts';
import type { PhoneKindProps } from './phone-kind-props.ts';

/**
 * Money: a decimal keypad with the unit after it; the text typed becomes a number in phoneValues. `step="any"`: a
 * number input's default step is 1, so 2600.5 would fail the browser's own check and the form would not submit
 * (React hid this by writing the value into the `value` attribute, which then served as the step's base; Preact,
 * the phone build's renderer, does not). The engine's validator (mobile-field.tsx) decides what is allowed.
 */
export function PhoneMoney({ value, onChange, field }: PhoneKindProps<string | number>) {
  const { t } = useTranslation('apply');
  return (
    <div className="shm-kind-money">
      <Input
        type="number"
        step="any"
        inputMode="decimal"
        placeholder={t('input')}
        value={value === undefined ? '' : String(value)}
        onChange={(v) => onChange?.(v)}
      />
      {field.unit && <span className="shm-kind-unit">{unitLabel(t, field.unit)}</span>}
    </div>
  );
}
