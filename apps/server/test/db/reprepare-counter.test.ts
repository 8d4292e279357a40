import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';

import { reprepareCounter } from '../helpers/sqlite-reprepare/reprepare-counter.ts';

// The statement-reuse test asks for the counter in two tests on one connection. Loading the extension twice
// expired every statement of the connection; a timer's statement then re-compiled inside a later measurement.
it('asking for the re-prepare counter twice on one connection re-compiles nothing', () => {
  const sqlite = new SQLite(':memory:');
  try {
    sqlite.exec('create table t (a integer)');
    const statement = sqlite.prepare('select count(*) as n from t');
    statement.get();
    const first = reprepareCounter(sqlite);
    statement.get();
    expect(first()).toBe(0);
    const second = reprepareCounter(sqlite);
    statement.get();
    expect(second(), second.which()).toBe(0);
  } finally {
    sqlite.close();
  }
});
