import { ConfigError, loadConfig } from './config.ts';
import {
  DatabaseNewerError,
  migrateToLatest,
  migrationStatus,
  newerDatabaseMessage,
  openDatabase,
} from './db/database.ts';

/**
 * `npm run migrate`: brings the database named by DATABASE_URL up to date and exits (instances also migrate when
 * they start; this lets an operator do it as a separate upgrade step). `npm run migrate -- --status` lists every
 * migration as applied, pending or unknown (the database is newer than this code) and changes nothing; it exits 0
 * when the database is up to date and 1 otherwise.
 */
async function main(argv: string[]): Promise<number> {
  const unknownOption = argv.find((a) => a !== '--status');
  if (unknownOption) {
    process.stderr.write(`Unknown option ${unknownOption}. Usage: npm run migrate [-- --status]\n`);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl);
  try {
    if (argv.includes('--status')) {
      const status = await migrationStatus(handle.db);
      const width = Math.max(...status.map((m) => m.name.length));
      for (const m of status) {
        const when = m.executedAt ? ` ${m.executedAt.toISOString()}` : '';
        const note = m.state === 'unknown' ? ' (not known to this version)' : '';
        process.stdout.write(`${m.name.padEnd(width)}  ${m.state}${when}${note}\n`);
      }
      const unknown = status.filter((m) => m.state === 'unknown').map((m) => m.name);
      const pending = status.filter((m) => m.state === 'pending').length;
      if (unknown.length > 0) process.stdout.write(`${newerDatabaseMessage(unknown)}\n`);
      else if (pending > 0) process.stdout.write(`${pending} pending: run npm run migrate (or start the server).\n`);
      else process.stdout.write('The database is up to date.\n');
      return unknown.length > 0 || pending > 0 ? 1 : 0;
    }
    const applied = await migrateToLatest(handle.db);
    process.stdout.write(applied.length > 0 ? `Applied ${applied.join(', ')}.\n` : 'The database is up to date.\n');
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const line =
      err instanceof ConfigError || err instanceof DatabaseNewerError
        ? err.message
        : `Migration failed: ${err instanceof Error ? err.message : String(err)}`;
    process.stderr.write(`${line}\n`);
    process.exit(1);
  },
);
