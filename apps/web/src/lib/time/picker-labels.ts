import i18next from 'i18next';

/**
 * Column labels of antd-mobile's DatePicker in the UI language: "2026年", "11月", "24日", "09时", "30分" in
 * Chinese (its default shows bare numbers), plain numbers with the month's short name in English.
 */
export function pickerLabel(type: string, value: number): string {
  const key = `common:picker.${type}`;
  if (type === 'month' && i18next.language === 'en') {
    return new Intl.DateTimeFormat('en', { month: 'short' }).format(new Date(2000, value - 1, 1));
  }
  const text = String(type === 'hour' || type === 'minute' ? String(value).padStart(2, '0') : value);
  return i18next.exists(key) ? i18next.t(key, { value: text }) : text;
}
