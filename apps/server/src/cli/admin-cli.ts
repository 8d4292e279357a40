import fs from 'node:fs';
import { parseArgs } from 'node:util';

import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { translate } from '../i18n/catalogue.ts';
import { type Locale, type MessageKey } from '../i18n/messages.ts';
import { cliSubject, type AdminContext } from '../modules/admin/admin-context.ts';
import { exportApps } from '../modules/admin/imports/export-apps.ts';
import { importApps } from '../modules/admin/imports/import-apps.ts';
import { importDepartmentsCsv } from '../modules/admin/imports/import-departments-csv.ts';
import { describeRowError, type ImportReport } from '../modules/admin/imports/import-report.ts';
import { importUsersCsv } from '../modules/admin/imports/import-users-csv.ts';
import type { CsvEncoding } from '../modules/admin/imports/read-csv.ts';
import { publishDefinition, type PublishReport } from '../modules/definitions/publish-definition.ts';
import { exportDefinition } from '../modules/definitions/read-definitions.ts';
import { AppError } from '../platform/app-error.ts';
import { backupDatabase, BackupRefused, restoreDatabase, type BackupReport } from './backup.ts';

/**
 * `npm run admin -- <command>`: the administration console's operations for scripts, calling the same domain
 * functions as the admin API. Acts on DATABASE_URL (or --database) as a system administrator; audit rows name the
 * operating-system user. Exit codes: 0 done, 1 refused (bad input; nothing written), 2 wrong usage.
 */
const USAGE = `usage: npm run admin -- <command> [options]

commands:
  backup <file>                  copy the database, attachments and images included, into <file> while the
                                 server runs (SQLite: a SQLite file; PostgreSQL: pg_dump's custom format)
  restore <file>                 replace the database with a backup; every instance must be stopped first;
                                 --force also restores over a newer schema (or PostgreSQL with sessions open)
  users import <file.csv>        create or update users by account (columns: account, name; optional name_en,
                                 email, department, roles, password)
  departments import <file.csv>  create or update departments by id (columns: id, name; optional name_en, parent, head)
  apps export [<file.json>]      write every app as JSON (to standard output without a file)
  apps import <file.json>        create or update apps by code from an export file
  definitions deploy <file.json> publish a definition as its next version (running processes keep theirs);
                                 --dry-run only checks it
  definitions export <code> [<file.json>]
                                 write a definition's newest version (or --version <n>) as JSON

options:
  --dry-run             show what would change, write nothing
  --force               restore: go ahead over a newer schema or open PostgreSQL sessions
  --encoding <enc>      CSV encoding: auto (default: UTF-8, else GBK; a file that reads both ways is
                        refused until named), utf-8 or gbk
  --json                print the report as JSON
  --lang <zh|en>        language of messages (default: from LANG)
  --version <n>         definitions export: this version instead of the newest
  --database <url>      sqlite:<file> or postgres://… (default: DATABASE_URL)`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      encoding: { type: 'string', default: 'auto' },
      json: { type: 'boolean', default: false },
      lang: { type: 'string' },
      database: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'string' },
    },
  });
  const locale: Locale = (values.lang ?? process.env.LANG ?? '').startsWith('zh') ? 'zh' : 'en';
  const [noun, verb, file] = positionals;
  if (values.help || !noun) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (noun === 'backup' || noun === 'restore') {
    // Not through openDatabase: no migration runs, and restore must find the database closed.
    if (!verb || positionals.length > 2) throw new UsageError(`${noun} needs one file`);
    const config = loadConfig(withDatabase(values.database));
    const r =
      noun === 'backup'
        ? await backupDatabase(config.databaseUrl, verb)
        : await restoreDatabase(config.databaseUrl, verb, { force: values.force });
    return backupReport(noun, r, values.json, locale);
  }
  if (!['auto', 'utf-8', 'gbk'].includes(values.encoding))
    throw new UsageError(`--encoding must be auto, utf-8 or gbk`);
  const command = `${noun} ${verb ?? ''}`.trim();
  const known = [
    'users import',
    'departments import',
    'apps export',
    'apps import',
    'definitions deploy',
    'definitions export',
  ];
  if (!known.includes(command)) throw new UsageError(`unknown command: ${command}`);
  const writes = command === 'apps export' || command === 'definitions export';
  if (!writes && !file) throw new UsageError(`${command} needs a file`);
  if (command === 'definitions export' && !file) throw new UsageError('definitions export needs a definition code');
  const version = values.version === undefined ? undefined : Number(values.version);
  if (version !== undefined && !(Number.isInteger(version) && version > 0))
    throw new UsageError('--version must be a whole number above 0');

  const config = loadConfig(withDatabase(values.database));
  const input = file && !writes ? readInput(file) : null;
  const handle = await openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    const ctx: AdminContext = { db: handle.db, now: () => Math.floor(Date.now() / 1000), actor: cliSubject() };
    const dryRun = values['dry-run'];
    const encoding = values.encoding as CsvEncoding;
    switch (command) {
      case 'apps export': {
        const text = `${JSON.stringify(await exportApps(ctx), null, 2)}\n`;
        if (file) fs.writeFileSync(file, text);
        else process.stdout.write(text);
        return 0;
      }
      case 'apps import': {
        return report(await importApps(ctx, parseJson(input!, 'APPS_JSON_INVALID'), { dryRun }), values.json, locale);
      }
      case 'definitions deploy':
        return deployReport(
          await publishDefinition(ctx, parseJson(input!, 'DEFINITION_JSON_INVALID'), { dryRun }),
          values.json,
          locale,
        );
      case 'definitions export': {
        const text = `${JSON.stringify(await exportDefinition(ctx, file!, version), null, 2)}\n`;
        if (positionals[3]) fs.writeFileSync(positionals[3], text);
        else process.stdout.write(text);
        return 0;
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

/** The environment, with --database in place of DATABASE_URL or DATABASE_URL_FILE when given. */
function withDatabase(database: string | undefined): NodeJS.ProcessEnv {
  if (!database) return process.env;
  const { DATABASE_URL_FILE: _file, ...env } = process.env;
  return { ...env, DATABASE_URL: database };
}

function backupReport(
  command: 'backup' | 'restore',
  r: BackupReport & { replaced?: string | null },
  json: boolean,
  locale: Locale,
): number {
  if (json) {
    console.log(JSON.stringify(r, null, 2));
    return 0;
  }
  const size = `${(r.bytes / 1024 / 1024).toFixed(1)} MB`;
  const at = r.migration ?? '-';
  if (command === 'backup') {
    console.log(
      locale === 'zh'
        ? `已备份到 ${r.file}（${r.format}，${size}，迁移版本 ${at}），已通过完整性检查`
        : `Backed up to ${r.file} (${r.format}, ${size}, migration ${at}); integrity checked`,
    );
  } else {
    console.log(
      locale === 'zh'
        ? `已从 ${r.file} 恢复（迁移版本 ${at}）；启动服务器时会迁移到最新版本`
        : `Restored from ${r.file} (migration ${at}); the server migrates it to the latest version when it starts`,
    );
  }
  return 0;
}

function parseJson(input: Uint8Array, invalid: MessageKey): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(input));
  } catch {
    throw new AppError('VALIDATION_FAILED', invalid);
  }
}

/** Prints what a publish did; 0 when published, unchanged or a clean dry run, 1 when refused (each problem on a line). */
function deployReport(r: PublishReport, json: boolean, locale: Locale): number {
  const zh = locale === 'zh';
  if (json) console.log(JSON.stringify(r, null, 2));
  else if (r.issues.length > 0) {
    console.error(
      zh
        ? `流程定义有 ${r.issues.length} 处问题，未发布：`
        : `The definition has ${r.issues.length} problem(s); nothing was published:`,
    );
    for (const i of r.issues) console.error(`  ! ${i.path || (zh ? '（整体）' : '(root)')}: ${i.message[locale]}`);
  } else if (r.unchanged) {
    console.log(
      zh
        ? `${r.code} 与最新版本 ${r.version} 相同，未发布新版本`
        : `${r.code} equals its newest version ${r.version}; nothing published`,
    );
  } else if (r.dryRun) {
    console.log(
      zh
        ? `预览（未写入）：${r.code} 将发布为版本 ${r.version}`
        : `Dry run (nothing written): ${r.code} would be published as version ${r.version}`,
    );
  } else {
    console.log(zh ? `已发布 ${r.code} 版本 ${r.version}` : `Published ${r.code} version ${r.version}`);
  }
  return r.issues.length > 0 ? 1 : 0;
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
  const zh = locale === 'zh';
  if (json) console.log(JSON.stringify(r, null, 2));
  else if (r.readings?.length) {
    console.error(
      zh
        ? '该文件既可按 UTF-8 也可按 GBK 读取，请用 --encoding utf-8 或 --encoding gbk 指明：'
        : 'The file reads both as UTF-8 and as GBK; name one with --encoding utf-8 or --encoding gbk:',
    );
    for (const reading of r.readings) {
      console.error(`  ${reading.encoding}:`);
      for (const l of reading.lines) console.error(`    ${l.line}: ${l.cells.join(', ')}`);
    }
    return 1;
  } else {
    const head = r.dryRun
      ? zh
        ? '预览（未写入）'
        : 'Dry run (nothing written)'
      : r.applied
        ? zh
          ? '已导入'
          : 'Imported'
        : zh
          ? '有错误，未写入任何内容'
          : 'Errors found; nothing written';
    console.log(
      zh
        ? `${head}：新建 ${r.created}，修改 ${r.changed}，不变 ${r.unchanged}，错误 ${r.errors}`
        : `${head}: ${r.created} to create, ${r.changed} to change, ${r.unchanged} unchanged, ${r.errors} with errors`,
    );
    for (const row of r.rows) {
      if (row.outcome === 'create') console.log(`  + ${row.key}`);
      if (row.outcome === 'change') console.log(`  ~ ${row.key} (${row.changes.join(', ')})`);
      for (const e of row.errors) console.error(`  ! ${describeRowError(row, e, locale)}`);
    }
  }
  return r.errors > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const locale: Locale = (process.argv.includes('--lang')
      ? (process.argv[process.argv.indexOf('--lang') + 1] ?? '')
      : (process.env.LANG ?? '')
    ).startsWith('zh')
      ? 'zh'
      : 'en';
    if (err instanceof BackupRefused) {
      console.error(`${locale === 'zh' ? '未执行' : 'Refused'}: ${err.message}`);
      process.exitCode = 1;
    } else if (err instanceof AppError) {
      console.error(`${err.ecode}: ${translate(err.messageKey, locale, err.params)}`);
      for (const d of err.details ?? []) console.error(`  ${d.field}: ${d.message}`);
      process.exitCode = 1;
    } else if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${(err as Error).message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(err);
      process.exitCode = 1;
    }
  },
);
