type Json = unknown;

const isLabel = (v: Json): v is { zh: string; en: string } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 2 && 'zh' in v && 'en' in v;

/** Replaces every {zh, en} pair in a uiSchema (titles, placeholders, enum names) with the current language. */
export function localise<T>(value: T, lng: string): T {
  const pick = lng === 'en' ? 'en' : 'zh';
  const walk = (v: Json): Json => {
    if (isLabel(v)) return v[pick];
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** Field name from a server error path such as "/startDate", "data.startDate" or "startDate". */
export function fieldOf(path: string): string {
  return (
    path
      .replace(/^\/+/, '')
      .replace(/^data[./]/, '')
      .split(/[./]/)[0] ?? path
  );
}
