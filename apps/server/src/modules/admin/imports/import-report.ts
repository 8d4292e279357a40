import { translate } from '../../../i18n/catalogue.ts';
import { type Locale } from '../../../i18n/messages.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { CsvReading, CsvTextEncoding } from './read-csv.ts';

/** Why one row of an import cannot be applied: a message key (admin-messages.ts) and its parameters. */
export interface RowError {
  field: string;
  reason: string;
  params?: Record<string, string | number>;
}

/** What an import does, or would do in a dry run, to one row's record. */
export interface ImportRow {
  line: number;
  /** The record's key: an account, a department id, an app code. */
  key: string;
  outcome: 'create' | 'change' | 'unchanged' | 'error';
  /** Fields that change (for `change`). */
  changes: string[];
  errors: RowError[];
}

/** The preview (dry run) or result of an import. Nothing is written unless every row is free of errors. */
export interface ImportReport {
  dryRun: boolean;
  /** True when the changes were written: not a dry run, and no row had an error. */
  applied: boolean;
  created: number;
  changed: number;
  unchanged: number;
  errors: number;
  rows: ImportRow[];
  /** For a CSV file: the encoding it was read in; null when it reads both ways and the caller must choose. */
  encoding?: CsvTextEncoding | null;
  /** For a CSV file read both ways: both readings of its first lines (empty otherwise). */
  readings?: CsvReading[];
}

/** Counts the rows' outcomes into a report. */
export function summarise(rows: ImportRow[], dryRun: boolean): ImportReport {
  const count = (o: ImportRow['outcome']) => rows.filter((r) => r.outcome === o).length;
  const errors = count('error');
  return {
    dryRun,
    applied: !dryRun && errors === 0,
    created: count('create'),
    changed: count('change'),
    unchanged: count('unchanged'),
    errors,
    rows,
  };
}

/**
 * The preview of a CSV file that reads both as UTF-8 and as GBK: no rows, both readings for the administrator to
 * choose from. Writing is refused (CSV_ENCODING_UNDECIDED) until the import names the encoding.
 */
export function undecidedReport(readings: CsvReading[], dryRun: boolean): ImportReport {
  if (!dryRun) throw new AppError('CSV_INVALID', 'CSV_ENCODING_UNDECIDED');
  return { ...summarise([], true), encoding: null, readings };
}

/** A row error as one line of text in a language, e.g. "line 4, email: "email" is not valid". */
export function describeRowError(row: ImportRow, error: RowError, locale: Locale): string {
  const where = locale === 'zh' ? `第 ${row.line} 行（${row.key || '-'}）` : `line ${row.line} (${row.key || '-'})`;
  return `${where}: ${translate(error.reason, locale, error.params)}`;
}
