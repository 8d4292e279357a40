export interface Segment {
  text: string;
  hit: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits text into plain and matched segments for the search tokens (case-insensitive, longest token first so
 * "请假申请" wins over "请假"). Empty tokens are ignored; no HTML is produced, so nothing needs escaping.
 */
export function highlight(text: string, tokens: string[]): Segment[] {
  const words = [...new Set(tokens.map((t) => t.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!text) return [];
  if (words.length === 0) return [{ text, hit: false }];
  const re = new RegExp(`(${words.map(escape).join('|')})`, 'gi');
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    if (m[0].length === 0) continue;
    if (i > last) out.push({ text: text.slice(last, i), hit: false });
    out.push({ text: m[0], hit: true });
    last = i + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), hit: false });
  return out;
}
