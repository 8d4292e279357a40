import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLocale, type Locale } from '../../i18n/index.ts';

/** 中文 / English switch; writes localStorage `locale` and switches live. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      data-testid="lang-switch"
      value={i18n.language === 'en' ? 'en' : 'zh'}
      options={[
        { label: t('languages.zh'), value: 'zh' },
        { label: t('languages.en'), value: 'en' },
      ]}
      onChange={(v) => void setLocale(v as Locale)}
    />
  );
}
