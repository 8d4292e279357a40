import { readJson, removeKey, writeJson } from '../../../lib/storage/per-user-storage.ts';

const key = (user: string, code: string) => `sh.draft.${user}.${code}`;

/** Unsent form data per user and app, so a reload or a crash does not lose a half-filled form. */
export const drafts = {
  load: (user: string | undefined, code: string): Record<string, unknown> | null =>
    user ? readJson<Record<string, unknown> | null>(key(user, code), null) : null,
  save: (user: string | undefined, code: string, data: Record<string, unknown>) => {
    if (user) writeJson(key(user, code), data);
  },
  clear: (user: string | undefined, code: string) => {
    if (user) removeKey(key(user, code));
  },
};

/**
 * Whether form data holds anything the user typed: values that are empty or equal to the schema's defaults are not
 * a draft (rjsf reports its defaults on mount, which would otherwise leave a "restored" draft of nothing).
 */
export function hasUserInput(data: Record<string, unknown>, schema: Record<string, unknown>): boolean {
  const props = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  return Object.entries(data).some(([k, v]) => {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return false;
    return JSON.stringify(v) !== JSON.stringify(props[k]?.default);
  });
}
