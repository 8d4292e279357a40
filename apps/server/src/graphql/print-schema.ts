/**
 * Writes the published task-API schema to apps/server/schema.graphql and the guide bus's to
 * apps/server/guide-bus.graphql, or with --check exits 1 when a committed file differs from what the server runs
 * (CI runs the same comparison in test/graphql/graphql-schema.test.ts).
 *   npx tsx apps/server/src/graphql/print-schema.ts [--check]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { guideTypeDefs } from '../modules/guides/guide-schema.ts';
import { printTaskApiSchema } from './task-api-schema-build.ts';

export const SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');
export const GUIDE_BUS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../guide-bus.graphql');

/** The guide bus's SDL as published: its type definitions with a header. */
export const printGuideBusSchema = (): string =>
  `# The guide bus (POST /bus/graphql), docs/graphql.md.\n# Regenerate: npx tsx apps/server/src/graphql/print-schema.ts\n${guideTypeDefs.replace(/^\n/, '').replace(/^ {2}/gm, '')}`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const [file, printed] of [
    [SCHEMA_FILE, printTaskApiSchema()],
    [GUIDE_BUS_FILE, printGuideBusSchema()],
  ] as const) {
    if (process.argv.includes('--check')) {
      const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (committed !== printed) {
        console.error(`${file} is out of date; run: npx tsx apps/server/src/graphql/print-schema.ts`);
        process.exit(1);
      }
      console.log(`${path.basename(file)} is up to date`);
    } else {
      fs.writeFileSync(file, printed);
      console.log(`wrote ${file}`);
    }
  }
}
