/** Word segmentation for search keywords, on the runtime's ICU data (no dictionary to ship). */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * Splits a keyword into words: 请假申请流程 → 请假, 申请, 流程. Punctuation and spaces are dropped; duplicates once.
 * A keyword that is one Latin word is kept whole too, so the client can highlight it.
 */
export function segmentKeyword(keyword: string): string[] {
  const words: string[] = [];
  for (const s of segmenter.segment(keyword)) {
    if (s.isWordLike && !words.includes(s.segment)) words.push(s.segment);
  }
  const whole = keyword.trim();
  if (/^[A-Za-z0-9]+$/.test(whole) && !words.includes(whole)) words.unshift(whole);
  return words;
}
