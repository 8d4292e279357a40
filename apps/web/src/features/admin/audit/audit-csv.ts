import type { AuditEntry } from '@service-hall/contracts';

/** One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The audit rows as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read Chinese correctly). */
export function auditCsv(rows: readonly AuditEntry[], header: readonly string[]): string {
  const lines = [header.map(field).join(',')];
  for (const r of rows) {
    lines.push(
      [
        new Date(r.at * 1000).toISOString(),
        r.actor,
        r.action,
        r.targetType,
        r.targetId,
        r.before ?? '',
        r.after ?? '',
        r.requestId ?? '',
      ]
        .map(field)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Offers a text as a file download. */
export function download(text: string, name: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
