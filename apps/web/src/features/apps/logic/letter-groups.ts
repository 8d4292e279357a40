import type { App } from '@service-hall/contracts';

export interface LetterGroup {
  letter: string;
  apps: App[];
}

/** Group key: the server's firstLetter (pinyin for Chinese names), '#' for anything outside A–Z. */
export function letterOf(app: App): string {
  const l = (app.firstLetter || app.pinyin?.[0] || app.name?.[0] || '').toUpperCase();
  return /^[A-Z]$/.test(l) ? l : '#';
}

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
      apps: list.sort((x, y) => (x.pinyin || x.name).localeCompare(y.pinyin || y.name, 'zh-CN')),
    }));
}

export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ#'.split('');
