import type { App } from '@service-hall/contracts';

import { appMatchesText } from '../../../lib/domain/app-text-match.ts';

/** The value that clears a filter (docs/product.md §4). */
export const ALL = 'all';

export interface AppFilter {
  /** Matched against name, pinyin initials and full pinyin. */
  text: string;
  /** First tag (main category). */
  tag: string;
  /** Any of the other tags. */
  otherTag: string;
  department: string;
}

export const EMPTY_FILTER: AppFilter = { text: '', tag: ALL, otherTag: ALL, department: ALL };

export function splitTags(tags: string | undefined): string[] {
  return (tags ?? '')
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const firstTag = (app: App): string => splitTags(app.tags)[0] ?? '';
export const otherTags = (app: App): string[] => splitTags(app.tags).slice(1);

/** Apps matching every active filter; `all` (or empty) switches a filter off. */
export function filterApps(apps: App[], f: AppFilter): App[] {
  const text = f.text.trim().toLowerCase();
  const on = (v: string) => v && v !== ALL;
  return apps.filter((a) => {
    if (text && !appMatchesText(a, text)) return false;
    if (on(f.tag) && firstTag(a) !== f.tag) return false;
    if (on(f.otherTag) && !otherTags(a).includes(f.otherTag)) return false;
    if (on(f.department) && a.department !== f.department) return false;
    return true;
  });
}

const uniqSorted = (xs: string[]) => [...new Set(xs.filter(Boolean))].sort((a, b) => a.localeCompare(b, 'zh-CN'));

/** Choices offered by the filter selects. */
export function filterOptions(apps: App[]) {
  return {
    tags: uniqSorted(apps.map(firstTag)),
    otherTags: uniqSorted(apps.flatMap(otherTags)),
    departments: uniqSorted(apps.map((a) => a.department)),
  };
}
