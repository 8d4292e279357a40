import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinDefinitionTemplates } from '@service-hall/engine';
import { seedAtStart } from '../src/seed/seed-at-start.ts';
import { createTestApp, testDialects, type TestApp } from './helpers/test-app.ts';

describe.each(testDialects())('start-up seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ dialect, seed: false }); });
  afterAll(async () => { await t.close(); });

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
});
