import type { FormInstance } from 'antd';

import { ApiError, errorText } from '../../../lib/http/api-error.ts';

/**
 * Shows a refused save: each field the server named gets its message under the field, and the envelope's message
 * (already in the user's language) goes to the toast.
 */
export function showSaveError(err: unknown, form: FormInstance | null, toast: (text: string) => void): void {
  if (form && err instanceof ApiError && err.details.length) {
    const known = new Set(Object.keys(form.getFieldsValue(true) as object));
    form.setFields(
      err.details.map((d) => ({ name: d.field.split('.')[0]!, errors: [d.message] })).filter((f) => known.has(f.name)),
    );
  }
  toast(errorText(err));
}
