/*
 * A SQLite extension adding `stmt_reprepares()`: the sum of SQLITE_STMTSTATUS_REPREPARE over every statement open
 * on the connection — SQLite's own count of automatic re-compilations, which better-sqlite3 does not expose.
 * Built against the SQLite headers better-sqlite3 bundles and loaded into its connection by the statement-reuse
 * test.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
static void reprepares(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  sqlite3_int64 total = 0;
  for (sqlite3_stmt *p = sqlite3_next_stmt(db, 0); p; p = sqlite3_next_stmt(db, p))
    total += sqlite3_stmt_status(p, SQLITE_STMTSTATUS_REPREPARE, 0);
  sqlite3_result_int64(ctx, total);
}
/* `stmt_reprepared()`: "count<TAB>sql" of every open statement re-compiled at least once, one per line (diagnostics). */
static void reprepared(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  sqlite3_str *out = sqlite3_str_new(db);
  for (sqlite3_stmt *p = sqlite3_next_stmt(db, 0); p; p = sqlite3_next_stmt(db, p)) {
    int n = sqlite3_stmt_status(p, SQLITE_STMTSTATUS_REPREPARE, 0);
    if (n > 0) sqlite3_str_appendf(out, "%d\t%s\n", n, sqlite3_sql(p));
  }
  sqlite3_result_text(ctx, sqlite3_str_finish(out), -1, sqlite3_free);
}
int sqlite3_extension_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  SQLITE_EXTENSION_INIT2(api);
  int rc = sqlite3_create_function(db, "stmt_reprepares", 0, SQLITE_UTF8, 0, reprepares, 0, 0);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_create_function(db, "stmt_reprepared", 0, SQLITE_UTF8, 0, reprepared, 0, 0);
}
