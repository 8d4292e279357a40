/** The fields of an app that a typed filter is matched against. */
export interface AppText {
  name: string;
  initials?: string;
  pinyin?: string;
  abbreviation?: string;
}

/** Whether an app's name, abbreviation, pinyin initials ("qjsq") or full pinyin contains the text. */
export function appMatchesText(app: AppText, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [app.name, app.initials, app.pinyin, app.abbreviation].some((s) => (s ?? '').toLowerCase().includes(needle));
}
