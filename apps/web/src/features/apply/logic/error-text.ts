import type { TFunction } from 'i18next';

interface AjvLikeError {
  name?: string;
  property?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** Translated message for one JSON-Schema validation error (ajv's own texts are English only). */
export function schemaErrorText(e: AjvLikeError, t: TFunction, labels: Record<string, string>): string {
  const p = e.params ?? {};
  const field = String(p.missingProperty ?? (e.property ?? '').replace(/^\./, ''));
  const label = labels[field] ?? field;
  switch (e.name) {
    case 'required':
      return t('err.required', { label });
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return t(`err.${e.name}`, { limit: p.limit });
    case 'multipleOf':
      return t('err.multipleOf', { limit: p.multipleOf });
    case 'pattern':
    case 'format':
    case 'enum':
    case 'type':
      return t(`err.${e.name}`);
    default:
      return e.message ?? '';
  }
}
