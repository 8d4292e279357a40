/**
 * Encodes text as GBK for tests (Chinese spreadsheets export GBK; Node has a GBK decoder but no encoder). The table
 * is built by decoding every two-byte GBK sequence once.
 */
let table: Map<string, [number, number]> | null = null;

export function gbkEncode(text: string): Uint8Array {
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(new Uint8Array([lead, trail]));
        if (ch.length === 1 && ch !== '\uFFFD' && !table.has(ch)) table.set(ch, [lead, trail]);
      }
    }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else {
      const bytes = table.get(ch);
      if (!bytes) throw new Error(`not in GBK: ${ch}`);
      out.push(...bytes);
    }
  }
  return new Uint8Array(out);
}
