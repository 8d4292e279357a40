export interface DateOrderRule {
  type: 'dateOrder';
  from: string;
  to: string;
  message: string | { zh: string; en: string };
}

/**
 * The definition's cross-field rules. The server may send them as form.rules; older servers do not, so a
 * start…/end… pair of date fields gets the usual "end not before start" rule.
 */
export function rulesOf(
  form: { schema: Record<string, unknown>; rules?: DateOrderRule[] },
  fallbackMessage: string,
  timeMessage = fallbackMessage,
): DateOrderRule[] {
  if (Array.isArray(form.rules)) return form.rules.filter((r) => r?.type === 'dateOrder');
  const props = (form.schema.properties ?? {}) as Record<string, { format?: string }>;
  const dates = Object.keys(props).filter((k) => ['date', 'date-time', 'time'].includes(props[k]?.format ?? ''));
  const rules: DateOrderRule[] = [];
  for (const from of dates) {
    const m = /^(start|begin|from)(.*)$/i.exec(from);
    if (!m) continue;
    const to = dates.find((d) => new RegExp(`^(end|finish|to)${m[2]}$`, 'i').test(d));
    if (to) rules.push({ type: 'dateOrder', from, to, message: props[from]?.format === 'date' ? fallbackMessage : timeMessage });
  }
  return rules;
}

/** Field → message for every broken rule; dates compare as ISO strings (same format, so order is lexical). */
export function checkRules(data: Record<string, unknown>, rules: DateOrderRule[], lng: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const r of rules) {
    const a = data[r.from];
    const b = data[r.to];
    if (typeof a === 'string' && typeof b === 'string' && a && b && b < a) {
      errors[r.to] = typeof r.message === 'string' ? r.message : r.message[lng === 'en' ? 'en' : 'zh'];
    }
  }
  return errors;
}
