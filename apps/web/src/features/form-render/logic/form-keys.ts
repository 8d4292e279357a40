import type { KeyboardEvent } from 'react';

/**
 * Brings the first field showing an error into view and focuses it, once the errors are on screen: after a failed
 * submit the first error may be far above the submit button. Desktop (antd) and phone (antd-mobile) mark error
 * fields with different classes; both are looked for.
 */
export function scrollToFirstError(): void {
  setTimeout(() => {
    const field = document.querySelector<HTMLElement>('.ant-form-item-has-error, .adm-form-item-has-error, .has-error');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.querySelector<HTMLElement>('input, textarea, [tabindex]')?.focus({ preventScroll: true });
  }, 50);
}

/** Enter in a date or time picker confirms the picker's value; it must not submit the whole form. */
export function keepEnterInDatePicker(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Enter') return;
  const target = e.target as HTMLElement | null;
  if (target?.closest('.ant-picker, .adm-date-picker, [data-date-field]')) e.preventDefault();
}
