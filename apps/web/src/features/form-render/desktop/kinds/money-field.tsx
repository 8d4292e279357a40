import type { FieldProps } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

import { unitLabel } from '../../logic/unit-label.ts';

/** Money: a number with its unit after it (元 / CNY); the engine refuses more than two decimals. */
export function MoneyField({ fieldPathId, formData, onChange, schema, disabled, readonly, rawErrors }: FieldProps) {
  const { t } = useTranslation('apply');
  return (
    <InputNumber
      id={fieldPathId.$id}
      className="sh-kind-money"
      value={typeof formData === 'number' ? formData : null}
      step={0.01}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      suffix={unitLabel(t, schema['x-unit'] as string | undefined)}
      disabled={disabled || readonly}
      status={rawErrors?.length ? 'error' : undefined}
      placeholder={t('input')}
      onChange={(v) => onChange(v === null ? undefined : Number(v), fieldPathId.path)}
    />
  );
}
