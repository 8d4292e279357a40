import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';

import type { OptionSetting } from './field-settings.ts';

/** A select's options: value, Chinese and English name each; add and delete. */
export function OptionList({
  options,
  onChange,
}: {
  options: OptionSetting[];
  onChange: (o: OptionSetting[]) => void;
}) {
  const { t } = useTranslation('formDesigner');
  const set = (i: number, patch: Partial<OptionSetting>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <fieldset className="sh-fd-options" data-testid="fd-options">
      <legend className="sh-fd-legend">{t('f.options')}</legend>
      {options.map((o, i) => (
        <div key={i} className="sh-fd-option">
          <Input
            size="small"
            value={o.value}
            onChange={(e) => set(i, { value: e.target.value })}
            aria-label={`${t('f.optionValue')} ${i + 1}`}
            data-testid={`fd-option-value-${i}`}
          />
          <Input
            size="small"
            value={o.zh}
            onChange={(e) => set(i, { zh: e.target.value })}
            aria-label={`${t('f.optionZh')} ${i + 1}`}
            data-testid={`fd-option-zh-${i}`}
          />
          <Input
            size="small"
            value={o.en}
            onChange={(e) => set(i, { en: e.target.value })}
            aria-label={`${t('f.optionEn')} ${i + 1}`}
            data-testid={`fd-option-en-${i}`}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
            aria-label={t('f.removeOption', { n: i + 1 })}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="fd-option-add"
        onClick={() => onChange([...options, { value: `option${options.length + 1}`, zh: '', en: '' }])}
      >
        {t('f.addOption')}
      </Button>
    </fieldset>
  );
}
