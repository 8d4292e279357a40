import type { App } from '@service-hall/contracts';

export interface LetterGroup {
  letter: string;
  apps: App[];
}

const isHan = (s: string | undefined) => /\p{Script=Han}/u.test(s ?? '');

/**
 * Group key: the server's firstLetter (pinyin of the Chinese name), '#' for anything outside A–Z. In English the
 * name shown is English, so it groups by its own first letter: "Leave Request" under L, not Q (qingjia).
 */
export function letterOf(app: App): string {
  const l = (
    isHan(app.name) || !app.name ? app.firstLetter || app.pinyin?.[0] || app.name?.[0] || '' : app.name[0]
  ).toUpperCase();
  return /^[A-Z]$/.test(l) ? l : '#';
}

/** Sort key inside a letter: pinyin for a Chinese name, the name itself otherwise. */
const sortKey = (a: App) => (isHan(a.name) ? a.pinyin || a.name : a.name.toLowerCase());

/** A–Z groups in order, '#' last; apps inside a group by name. */
export function groupByLetter(apps: App[]): LetterGroup[] {
  const map = new Map<string, App[]>();
  for (const a of apps) {
    const l = letterOf(a);
    map.set(l, [...(map.get(l) ?? []), a]);
  }
  return [...map.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({
      letter,
      apps: list.sort((x, y) => sortKey(x).localeCompare(sortKey(y), 'zh-CN')),
    }));
}

export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ#'.split('');
