import type { ImportReport } from '@service-hall/contracts';

export type Encoding = 'auto' | 'utf-8' | 'gbk';
export type Reading = ImportReport['readings'][number];

/**
 * What a preview asks of the administrator: `choose` when the file reads both as UTF-8 and as GBK (the server
 * decides neither; both readings are shown and one is picked), `fix` when rows have errors, `apply` when the
 * previewed import can be written, `done` after it was.
 */
export function importStep(report: ImportReport): 'choose' | 'fix' | 'apply' | 'done' {
  if (report.encoding === null) return 'choose';
  if (report.errors > 0) return 'fix';
  return report.dryRun ? 'apply' : 'done';
}

/**
 * The encoding to send with "Apply": the one the preview was read in, so what is written is what was shown
 * (with `auto`, a file that reads both ways is refused, so the choice must travel with the file).
 */
export function applyEncoding(report: ImportReport, chosen: Encoding): Encoding {
  return report.encoding ?? chosen;
}
