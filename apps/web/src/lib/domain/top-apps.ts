import type { App } from '@service-hall/contracts';

import { readJson, writeJson } from '../storage/per-user-storage.ts';

interface Use {
  code: string;
  count: number;
  last: number;
}

const key = (email: string) => `${email}_top`;
const MAX = 50;

/** Remembers an opened app in `{email}_top` (docs/product.md §9), most used first. */
export function recordAppUse(email: string | undefined, code: string, now = Date.now()): void {
  if (!email) return;
  const list = readJson<Use[]>(key(email), []).filter((u) => u && typeof u.code === 'string');
  const hit = list.find((u) => u.code === code);
  if (hit) {
    hit.count += 1;
    hit.last = now;
  } else list.push({ code, count: 1, last: now });
  list.sort((a, b) => b.count - a.count || b.last - a.last);
  writeJson(key(email), list.slice(0, MAX));
}

/** The user's most-used apps that are still in the catalogue. */
export function topApps(email: string | undefined, apps: App[], limit = 6): App[] {
  if (!email) return [];
  const byCode = new Map(apps.map((a) => [a.code, a]));
  return readJson<Use[]>(key(email), [])
    .map((u) => byCode.get(u.code))
    .filter((a): a is App => !!a)
    .slice(0, limit);
}
