import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { gql } from '../../src/graphql/graphql-runtime.ts';
import { GUIDE_BUS_FILE, printGuideBusSchema, SCHEMA_FILE } from '../../src/graphql/print-schema.ts';
import { printTaskApiSchema } from '../../src/graphql/task-api-schema-build.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('published GraphQL schema (apps/server/schema.graphql)', () => {
  it('matches the schema the server runs; regenerate with npx tsx apps/server/src/graphql/print-schema.ts', () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(printTaskApiSchema());
    expect(fs.readFileSync(GUIDE_BUS_FILE, 'utf8')).toBe(printGuideBusSchema());
    expect(() => gql.buildSchema(fs.readFileSync(GUIDE_BUS_FILE, 'utf8'))).not.toThrow();
  });

  describe('served schema', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is the committed one, as introspection over /graphql reports it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: await t.auth('admin'),
        payload: { query: gql.getIntrospectionQuery() },
      });
      expect(res.json().errors).toBeUndefined();
      const served = gql.printSchema(gql.buildClientSchema(res.json().data));
      const committed = gql.printSchema(gql.buildSchema(fs.readFileSync(SCHEMA_FILE, 'utf8')));
      expect(served).toBe(committed);
    });
  });
});
