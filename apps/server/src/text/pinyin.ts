import { pinyin } from 'pinyin-pro';

/** Search and grouping keys of a Chinese name, computed once on write so neither the browser nor search needs pinyin-pro. */
export interface PinyinKeys {
  /** A–Z, or `#` when the name starts with neither a letter nor a Han character. */
  firstLetter: string;
  /** Lower-case initials, e.g. "qjsq" for 请假申请; Latin words contribute their letters whole. */
  initials: string;
  /** Lower-case full pinyin without tones or spaces, e.g. "qingjiashenqing". */
  pinyin: string;
}

/** Pinyin keys of a name; pinyin-pro converts phrase-aware, so 银行 reads yinhang and 重修 chongxiu. */
export function pinyinKeys(name: string): PinyinKeys {
  const text = name.trim();
  // nonZh 'consecutive' keeps "VPN" as one piece; spaces and punctuation are dropped from the keys.
  const full = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const first = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const keep = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const pinyinKey = full.map(keep).join('');
  const initials = first.map(keep).join('');
  const lead = pinyinKey[0]?.toUpperCase() ?? '';
  return {
    firstLetter: /^[A-Z]$/.test(lead) && /^[\p{Script=Han}A-Za-z]/u.test(text) ? lead : '#',
    initials,
    pinyin: pinyinKey,
  };
}
