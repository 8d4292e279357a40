import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { translate, type Locale } from '../i18n/messages.ts';
import { AppError } from '../platform/app-error.ts';
import { cliSubject, type AdminContext } from '../modules/admin/admin-context.ts';
import { exportApps } from '../modules/admin/export-apps.ts';
import { importApps } from '../modules/admin/import-apps.ts';
import { importUsersCsv } from '../modules/admin/import-users-csv.ts';
import { importDepartmentsCsv } from '../modules/admin/import-departments-csv.ts';
import { describeRowError, type ImportReport } from '../modules/admin/import-report.ts';
import type { CsvEncoding } from '../modules/admin/read-csv.ts';

/**
 * `npm run admin -- <command>`: the administration console's operations for scripts, calling the same domain
 * functions as the admin API. Acts on DATABASE_URL (or --database) as a system administrator; audit rows name the
 * operating-system user. Exit codes: 0 done, 1 refused (bad input; nothing written), 2 wrong usage, 3 not available.
 */
const USAGE = `usage: npm run admin -- <command> [options]

commands:
  users import <file.csv>        create or update users by account (columns: account, name; optional name_en,
                                 email, department, roles, password)
  departments import <file.csv>  create or update departments by id (columns: id, name; optional name_en, parent, head)
  apps export [<file.json>]      write every app as JSON (to standard output without a file)
  apps import <file.json>        create or update apps by code from an export file
  definitions deploy <file>      not available yet

options:
  --dry-run             show what would change, write nothing
  --encoding <enc>      CSV encoding: auto (default: UTF-8, else GBK), utf-8 or gbk
  --json                print the report as JSON
  --lang <zh|en>        language of messages (default: from LANG)
  --database <url>      sqlite:<file> or postgres://… (default: DATABASE_URL)`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      'dry-run': { type: 'boolean', default: false }, encoding: { type: 'string', default: 'auto' },
      json: { type: 'boolean', default: false }, lang: { type: 'string' }, database: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const locale: Locale = (values.lang ?? process.env.LANG ?? '').startsWith('zh') ? 'zh' : 'en';
  const [noun, verb, file] = positionals;
  if (values.help || !noun) { console.log(USAGE); return values.help ? 0 : 2; }
  if (!['auto', 'utf-8', 'gbk'].includes(values.encoding)) throw new UsageError(`--encoding must be auto, utf-8 or gbk`);
  const command = `${noun} ${verb ?? ''}`.trim();
  if (command === 'definitions deploy') {
    console.error(locale === 'zh'
      ? '流程定义部署尚未提供：流程定义仍随程序发布（packages/engine）。'
      : 'Deploying definitions is not available yet: definitions still ship with the program (packages/engine).');
    return 3;
  }
  const known = ['users import', 'departments import', 'apps export', 'apps import'];
  if (!known.includes(command)) throw new UsageError(`unknown command: ${command}`);
  if (command !== 'apps export' && !file) throw new UsageError(`${command} needs a file`);

  const config = loadConfig({ ...process.env, ...(values.database ? { DATABASE_URL: values.database } : {}) });
  const input = file && command !== 'apps export' ? readInput(file) : null;
  const handle = await openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    const ctx: AdminContext = { db: handle.db, now: () => Math.floor(Date.now() / 1000), actor: cliSubject() };
    const dryRun = values['dry-run'];
    const encoding = values.encoding as CsvEncoding;
    switch (command) {
      case 'apps export': {
        const text = `${JSON.stringify(await exportApps(ctx), null, 2)}\n`;
        if (file) fs.writeFileSync(file, text); else process.stdout.write(text);
        return 0;
      }
      case 'apps import': {
        let json: unknown;
        try { json = JSON.parse(new TextDecoder().decode(input!)); } catch { throw new AppError('VALIDATION_FAILED', 'APPS_JSON_INVALID'); }
        return report(await importApps(ctx, json, { dryRun }), values.json, locale);
      }
      case 'users import':
        return report(await importUsersCsv(ctx, input!, { dryRun, encoding }), values.json, locale);
      default:
        return report(await importDepartmentsCsv(ctx, input!, { dryRun, encoding }), values.json, locale);
    }
  } finally {
    await handle.close();
  }
}

function readInput(file: string): Uint8Array {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

/** Prints an import report; 0 when applied or a clean dry run, 1 when rows have errors. */
function report(r: ImportReport, json: boolean, locale: Locale): number {
  if (json) console.log(JSON.stringify(r, null, 2));
  else {
    const zh = locale === 'zh';
    const head = r.dryRun ? (zh ? '预览（未写入）' : 'Dry run (nothing written)')
      : r.applied ? (zh ? '已导入' : 'Imported') : (zh ? '有错误，未写入任何内容' : 'Errors found; nothing written');
    console.log(zh
      ? `${head}：新建 ${r.created}，修改 ${r.changed}，不变 ${r.unchanged}，错误 ${r.errors}`
      : `${head}: ${r.created} to create, ${r.changed} to change, ${r.unchanged} unchanged, ${r.errors} with errors`);
    for (const row of r.rows) {
      if (row.outcome === 'create') console.log(`  + ${row.key}`);
      if (row.outcome === 'change') console.log(`  ~ ${row.key} (${row.changes.join(', ')})`);
      for (const e of row.errors) console.error(`  ! ${describeRowError(row, e, locale)}`);
    }
  }
  return r.errors > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err: unknown) => {
  const locale: Locale = (process.argv.includes('--lang') ? process.argv[process.argv.indexOf('--lang') + 1] ?? '' : process.env.LANG ?? '')
    .startsWith('zh') ? 'zh' : 'en';
  if (err instanceof AppError) {
    console.error(`${err.ecode}: ${translate(err.messageKey, locale, err.params)}`);
    for (const d of err.details ?? []) console.error(`  ${d.field}: ${d.message}`);
    process.exitCode = 1;
  } else if (err instanceof UsageError || err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(err);
    process.exitCode = 1;
  }
});
