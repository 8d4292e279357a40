/**
 * Writes the published task-API schema to apps/server/schema.graphql, or with --check exits 1 when the committed
 * file differs from what the server runs (CI runs the same comparison in test/graphql-schema.test.ts).
 *   npx tsx apps/server/src/graphql/print-schema.ts [--check]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTaskApiSchema } from './task-api-schema-build.ts';

export const SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const printed = printTaskApiSchema();
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
    if (committed !== printed) {
      console.error(`${SCHEMA_FILE} is out of date; run: npx tsx apps/server/src/graphql/print-schema.ts`);
      process.exit(1);
    }
    console.log('schema.graphql is up to date');
  } else {
    fs.writeFileSync(SCHEMA_FILE, printed);
    console.log(`wrote ${SCHEMA_FILE}`);
  }
}
