export type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** `{ './locales/zh/apps.json': module }` → `{ apps: texts }`. */
export function namespaces(files: Record<string, { default: Record<string, unknown> }>): Resources[string] {
  const out: Resources[string] = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /\/([^/]+)\.json$/.exec(path);
    if (m) out[m[1]!] = mod.default;
  }
  return out;
}
