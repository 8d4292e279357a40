import { analyse } from 'chardet';
import { parse } from 'csv-parse/sync';

import { AppError } from '../../../platform/app-error.ts';
import { canonicalColumn } from './csv-columns.ts';

/** How a CSV file's bytes are encoded, as the caller says: `auto` detects it (see decodeCsv). */
export type CsvEncoding = 'auto' | 'utf-8' | 'gbk';
/** An encoding a file was read in. */
export type CsvTextEncoding = 'utf-8' | 'gbk';

/** One data row: its line in the file (the header is line 1) and its cells by column name. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** Some lines of a file as one encoding reads them: the header and the first lines the readings disagree on. */
export interface CsvReading {
  encoding: CsvTextEncoding;
  lines: Array<{ line: number; cells: string[] }>;
}

/** A file's text in the one encoding it plausibly has, or both readings when it plausibly has either. */
export type DecodedCsv = { encoding: CsvTextEncoding; text: string } | { encoding: null; readings: CsvReading[] };

// GB18030 (a superset of GBK) decodes bytes GBK never uses, such as 0xFF, to private-use characters instead of
// failing; no spreadsheet text holds those, so they mark a file that is not really GBK.
const PRIVATE_USE = /[\uE000-\uF8FF]/;
const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** The share of common characters (see gbkCommonShare) from which a GBK reading counts as plausible. */
const GBK_PLAUSIBLE_SHARE = 0.8;
/** How many lines each reading shows when a file reads both ways. */
const READING_LINES = 5;

function strictDecode(bytes: Uint8Array, encoding: CsvTextEncoding): string | null {
  try {
    const text = new TextDecoder(encoding === 'gbk' ? 'gb18030' : 'utf-8', { fatal: true }).decode(bytes);
    return encoding === 'gbk' && PRIVATE_USE.test(text) ? null : text;
  } catch {
    return null;
  }
}

/**
 * Of the multi-byte characters of bytes read as GBK, the share that are GB2312 level-1 hanzi (the 3,755 common
 * ones, B0A1–D7F9) or GB2312 punctuation and full-width forms (rows A1–A3); 0 without multi-byte characters.
 * Names and department names written in GBK are nearly all such characters. UTF-8 Chinese read as GBK never
 * reaches the bar: every three-byte UTF-8 character starts with E4–E9, which pairs into a rare level-2 or GBK
 * extension character, so at most two in three of its characters are common.
 */
export function gbkCommonShare(bytes: Uint8Array): number {
  let total = 0;
  let common = 0;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const trail = bytes[i + 1] ?? 0;
    total += 1;
    if (trail >= 0x30 && trail <= 0x39) {
      i += 4;
      continue;
    } // a four-byte GB18030 character: never common
    const hanzi = lead >= 0xb0 && lead <= 0xd7 && trail >= 0xa1 && trail <= 0xfe && !(lead === 0xd7 && trail > 0xf9);
    const punctuation = lead >= 0xa1 && lead <= 0xa3 && trail >= 0xa1 && trail <= 0xfe;
    if (hanzi || punctuation) common += 1;
    i += 2;
  }
  return total === 0 ? 0 : common / total;
}

/** Whether a GBK reading of bytes that are also valid UTF-8 is plausible: common characters, or chardet's verdict. */
function gbkPlausible(bytes: Uint8Array): boolean {
  if (gbkCommonShare(bytes) >= GBK_PLAUSIBLE_SHARE) return true;
  // chardet weighs character frequencies over the whole file: on a long file it can tell GBK prose from UTF-8
  // even where rare characters keep the share low. On a list of short names it has too little to go on (it rates
  // a GBK "芝猫" as UTF-8, 80 to 10), so it only ever adds to the cases that are asked about.
  const matches = analyse(bytes.subarray(0, 64 * 1024));
  const confidence = (name: string) => matches.find((m) => m.name === name)?.confidence ?? 0;
  return confidence('GB18030') >= Math.max(confidence('UTF-8'), 1);
}

/** The header and the first lines on which two texts differ, as cells (a line csv-parse cannot read stays whole). */
function readingLines(texts: Record<CsvTextEncoding, string>): CsvReading[] {
  const split = (t: string) => t.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const utf8 = split(texts['utf-8']);
  const gbk = split(texts.gbk);
  const picked = [0];
  for (let i = 1; i < Math.min(utf8.length, gbk.length) && picked.length <= READING_LINES; i++) {
    if (utf8[i] !== gbk[i]) picked.push(i);
  }
  const cells = (line: string) => {
    try {
      return (parse(line, { relax_column_count: true, relax_quotes: true }) as string[][])[0] ?? [];
    } catch {
      return [line];
    }
  };
  return (['utf-8', 'gbk'] as const).map((encoding) => ({
    encoding,
    lines: picked.map((i) => ({ line: i + 1, cells: cells((encoding === 'gbk' ? gbk : utf8)[i] ?? '') })),
  }));
}

/**
 * The text of a CSV file's bytes. A named encoding is decoded strictly. `auto` decides so:
 * 1. a UTF-8 byte-order mark: UTF-8;
 * 2. bytes that are not valid UTF-8: GBK (Chinese spreadsheets export GBK);
 * 3. bytes valid as UTF-8 and as GBK, with a plausible GBK reading (gbkPlausible): undecided — both readings are
 *    returned for the administrator to choose from, because some GBK text ("芝猫", D6A5 C3A8) is also valid UTF-8
 *    ("֥è") and no statistic on a few names tells them apart;
 * 4. otherwise (ASCII, or UTF-8 whose GBK reading is implausible or invalid): UTF-8.
 * CSV_INVALID (CSV_ENCODING) when the bytes are not valid in the encoding named or, for `auto`, in either.
 */
export function decodeCsv(bytes: Uint8Array, encoding: CsvEncoding = 'auto'): DecodedCsv {
  const decided = (enc: CsvTextEncoding, text: string | null): DecodedCsv => {
    if (text === null) throw new AppError('CSV_INVALID', 'CSV_ENCODING');
    // TextDecoder drops a UTF-8 byte-order mark itself; a BOM re-encoded by a GBK export survives as U+FEFF.
    return { encoding: enc, text: text.replace(/^\uFEFF/, '') };
  };
  if (encoding !== 'auto') return decided(encoding, strictDecode(bytes, encoding));
  const utf8 = strictDecode(bytes, 'utf-8');
  if (utf8 === null) return decided('gbk', strictDecode(bytes, 'gbk'));
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) return decided('utf-8', utf8);
  const gbk = strictDecode(bytes, 'gbk');
  if (gbk === null || gbk === utf8 || !gbkPlausible(bytes)) return decided('utf-8', utf8);
  return { encoding: null, readings: readingLines({ 'utf-8': utf8, gbk }) };
}

/**
 * Parses CSV text with a header row into rows keyed by canonical column names (csv-columns.ts; other headers
 * lower-cased). Refuses, naming them, required columns that are missing, and a file with no data row.
 */
export function readCsv(
  text: string,
  required: readonly string[],
  optional: readonly string[],
): { columns: string[]; rows: CsvRow[] } {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // info: the line each record ends on, so errors name the line a person sees in their editor.
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      info: true,
    }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 0;
    throw new AppError('CSV_INVALID', 'CSV_MALFORMED', { line });
  }
  const [header, ...data] = records;
  const columns = (header?.record ?? []).map((c) => canonicalColumn(c, [...required, ...optional]));
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length) throw new AppError('CSV_INVALID', 'CSV_COLUMNS_MISSING', { columns: missing.join(', ') });
  if (data.length === 0) throw new AppError('CSV_INVALID', 'CSV_EMPTY');
  const rows = data.map(({ record, info }) => {
    const cells: Record<string, string> = {};
    for (const [j, name] of columns.entries()) if (name) cells[name] = (record[j] ?? '').trim();
    return { line: info.lines, cells };
  });
  return { columns, rows };
}
