import { readJson, removeKey, writeJson } from '../../../lib/per-user-storage.ts';

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
