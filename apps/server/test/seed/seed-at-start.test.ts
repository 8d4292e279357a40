import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates } from '@service-hall/engine';

import { seedAtStart } from '../../src/seed/seed-at-start.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

describe.each(testDialects())('start-up seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const definitions = () => t.ctx.db.selectFrom('process_definitions').select(['code', 'version']).execute();

  it('stores the built-in flows from their JSON also with SEED=none, and nothing of the demo university', async () => {
    await seedAtStart(t.ctx, 'none');
    const rows = await definitions();
    const codes = builtinDefinitionTemplates.map((d) => (d as { code: string }).code);
    expect(rows.map((r) => r.code).sort()).toEqual([...codes].sort());
    const users = await t.ctx.db.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
  });

  it('adds no version when started again with the same JSON', async () => {
    const before = await definitions();
    await seedAtStart(t.ctx, 'none');
    expect(await definitions()).toEqual(before);
  });

  it('stores a changed built-in flow as a new template version, unless an administrator has published that code', async () => {
    // As if the stored templates came from an older program: their JSON differs from what ships now.
    for (const code of ['leave', 'visitor']) {
      const row = await t.ctx.db
        .selectFrom('process_definitions')
        .select(['version', 'definition'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      const older = { ...JSON.parse(row.definition), description: { zh: '旧说明', en: 'Old text' } };
      await t.ctx.db
        .updateTable('process_definitions')
        .set({
          definition: JSON.stringify(older),
          ...(code === 'visitor' ? { source: 'published' as const, published_by: 'admin' } : {}),
        })
        .where('code', '=', code)
        .execute();
    }
    const versionsOf = async (code: string) =>
      await t.ctx.db
        .selectFrom('process_definitions')
        .select(['version', 'source'])
        .where('code', '=', code)
        .orderBy('version')
        .execute();
    const [leave] = await versionsOf('leave');
    await seedAtStart(t.ctx, 'none');
    expect(await versionsOf('leave')).toEqual([leave, { version: leave!.version + 1, source: 'template' }]);
    expect(await versionsOf('visitor')).toEqual([{ version: expect.any(Number), source: 'published' }]);
  });
});
