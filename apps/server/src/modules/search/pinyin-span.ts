import { pinyin } from 'pinyin-pro';

const keep = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The part of a Chinese text that a pinyin keyword matched: `qjsq` in 请假申请 → 请假申请, `qingjia` → 请假.
 * The browser highlights words it can find in the text, so a keyword typed as initials or pinyin needs its
 * characters sent back in tokenList. Null when the keyword is not Latin, the text has no Han characters, or the
 * keyword is not in the text's initials or full pinyin.
 */
export function pinyinSpan(text: string, keyword: string): string | null {
  const q = keep(keyword);
  if (!q || q !== keyword.trim().toLowerCase().replace(/\s+/g, '') || !/\p{Script=Han}/u.test(text)) return null;
  if (text.toLowerCase().includes(q)) return null;
  const pieces = pinyin(text, { type: 'all', toneType: 'none', nonZh: 'consecutive' });
  for (const mode of ['first', 'pinyin'] as const) {
    const keys = pieces.map((p) => keep(p.isZh ? p[mode] : p.origin));
    const at = keys.join('').indexOf(q);
    if (at < 0) continue;
    let pos = 0;
    let from = -1;
    let to = -1;
    keys.forEach((k, i) => {
      const start = pos;
      pos += k.length;
      if (!k) return;
      if (from < 0 && pos > at) from = i;
      if (start < at + q.length) to = i;
    });
    const span = pieces
      .slice(from, to + 1)
      .map((p) => p.origin)
      .join('')
      .trim();
    return span || null;
  }
  return null;
}
