import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

const source = new URL('./reprepare-counter.c', import.meta.url).pathname;

type Counter = (() => number) & { which: () => string };
const loaded = new WeakMap<BetterSqlite3.Database, Counter>();

/**
 * Compiles (once per source version, into the temp directory) and loads the re-prepare counter extension into a
 * better-sqlite3 connection; returns a function reading SQLite's re-prepare total for that connection.
 * Needs a C compiler (`cc`), as building better-sqlite3 from source does.
 *
 * Loaded once per connection: loading it again re-registers its functions, and replacing a function makes SQLite
 * expire every statement of the connection, so each re-compiles at its next run. A statement run by a timer (the
 * revoked-grants poll) then re-compiled inside whichever measurement it next fell into: the statement-reuse test's
 * occasional "1 re-prepare" under load.
 */
export function reprepareCounter(sqlite: BetterSqlite3.Database): Counter {
  const known = loaded.get(sqlite);
  if (known) return known;
  const headers = path.join(
    path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
    'deps',
    'sqlite3',
  );
  const hash = createHash('sha256').update(fs.readFileSync(source)).update(headers).digest('hex').slice(0, 12);
  const lib = path.join(os.tmpdir(), `sh-reprepare-counter-${hash}.so`);
  if (!fs.existsSync(lib)) {
    const tmp = `${lib}.${process.pid}`;
    execFileSync('cc', ['-shared', '-fPIC', '-O1', '-I', headers, source, '-o', tmp]);
    fs.renameSync(tmp, lib);
  }
  sqlite.loadExtension(lib);
  const read = sqlite.prepare('select stmt_reprepares() as n');
  const list = sqlite.prepare('select stmt_reprepared() as s');
  // `which()`: the statements re-compiled so far, with their counts, for an assertion's message.
  const counter = Object.assign(() => Number((read.get() as { n: number }).n), {
    which: () => String((list.get() as { s: string | null }).s ?? ''),
  });
  loaded.set(sqlite, counter);
  return counter;
}
