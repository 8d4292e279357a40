import { parse } from 'csv-parse/sync';
import { AppError } from '../../platform/app-error.ts';
import { canonicalColumn } from './csv-columns.ts';

/** How a CSV file's bytes are encoded: `auto` takes UTF-8 when the bytes are valid UTF-8, GBK otherwise. */
export type CsvEncoding = 'auto' | 'utf-8' | 'gbk';

/** One data row: its line in the file (the header is line 1) and its cells by column name. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

// GB18030 (a superset of GBK) decodes bytes GBK never uses, such as 0xFF, to private-use characters instead of
// failing; no spreadsheet text holds those, so they mark a file that is not really GBK.
const PRIVATE_USE = /[\uE000-\uF8FF]/;

/** The text of a CSV file's bytes: strict UTF-8 first, then GBK (Chinese spreadsheets export GBK); CSV_INVALID if neither. */
export function decodeCsv(bytes: Uint8Array, encoding: CsvEncoding = 'auto'): string {
  const tryDecode = (label: string) => {
    try {
      const text = new TextDecoder(label, { fatal: true }).decode(bytes);
      return label === 'gb18030' && PRIVATE_USE.test(text) ? null : text;
    } catch {
      return null;
    }
  };
  const text = encoding === 'gbk' ? tryDecode('gb18030')
    : encoding === 'utf-8' ? tryDecode('utf-8')
    : tryDecode('utf-8') ?? tryDecode('gb18030');
  if (text === null) throw new AppError('CSV_INVALID', 'CSV_ENCODING');
  // TextDecoder drops a UTF-8 byte-order mark itself; a BOM re-encoded by a GBK export survives as U+FEFF.
  return text.replace(/^\uFEFF/, '');
}

/**
 * Parses CSV text with a header row into rows keyed by canonical column names (csv-columns.ts; other headers
 * lower-cased). Refuses, naming them, required columns that are missing, and a file with no data row.
 */
export function readCsv(
  text: string, required: readonly string[], optional: readonly string[],
): { columns: string[]; rows: CsvRow[] } {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // info: the line each record ends on, so errors name the line a person sees in their editor.
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true, info: true }) as unknown as typeof records;
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
