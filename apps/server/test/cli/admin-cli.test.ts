import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates } from '@service-hall/engine';

import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { compileEntry } from '../helpers/compiled-entry.ts';
import { gbkEncode } from '../helpers/gbk-encode.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
// Compiled once for the file, as `npm run admin` runs the compiled CLI (helpers/compiled-entry.ts says why).
const cli = await compileEntry('src/cli/admin-cli.ts');
afterAll(() => cli.remove());

/** Runs `npm run admin -- …` as an operator would (the same node command), against a throwaway SQLite file. */
function admin(database: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli.file, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: `sqlite:${database}`, LANG: 'en_US.UTF-8' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Each run starts node (a second or more when the machine is busy), so the tests get generous time limits.
describe('admin CLI', { timeout: 180_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  const db = path.join(dir, 'hall.sqlite');
  const file = (name: string, content: string | Uint8Array) => {
    fs.writeFileSync(path.join(dir, name), content);
    return path.join(dir, name);
  };
  let handle: DatabaseHandle;
  beforeAll(() => {
    expect(
      admin(db, 'departments', 'import', file('d.csv', 'id,name,parent\nmed,医学院,\nnursing,护理系,med\n')).code,
    ).toBe(0);
  }, 120_000);
  beforeAll(async () => {
    handle = await openDatabase(`sqlite:${db}`);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const users = () =>
    handle.db.selectFrom('users').select(['account', 'name', 'department_id']).orderBy('account').execute();

  it('previews a GBK user import with --dry-run, then imports it, then finds nothing to change', async () => {
    const csv = file('u.csv', gbkEncode('账号,姓名,部门\ns001,王小明,医学院\ns002,李小红,nursing\n'));
    const dry = admin(db, 'users', 'import', csv, '--dry-run');
    expect([dry.code, dry.out]).toEqual([
      0,
      'Dry run (nothing written): 2 to create, 0 to change, 0 unchanged, 0 with errors\n  + s001\n  + s002\n',
    ]);
    expect(await users()).toEqual([]);
    expect(admin(db, 'users', 'import', csv).code).toBe(0);
    expect(await users()).toEqual([
      { account: 's001', name: '王小明', department_id: 'med' },
      { account: 's002', name: '李小红', department_id: 'nursing' },
    ]);
    const again = admin(db, 'users', 'import', csv, '--json');
    expect(JSON.parse(again.out)).toMatchObject({ applied: true, created: 0, changed: 0, unchanged: 2 });
    const audit = await handle.db.selectFrom('audit_log').select(['action', 'actor_account']).execute();
    expect(audit.filter((a) => a.action === 'user.import-create')).toHaveLength(2);
    expect(audit.every((a) => a.actor_account.startsWith('cli:'))).toBe(true);
  });

  it('exits 1 naming each bad row or the missing columns, writing nothing', async () => {
    const bad = admin(
      db,
      'users',
      'import',
      file('bad.csv', 'account,name,department\ns003,好,med\ns004,坏,mars\n'),
      '--lang',
      'zh',
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('第 3 行（s004）: 部门“mars”不存在');
    const missing = admin(db, 'users', 'import', file('cols.csv', 'account,email\nx,x@y.z\n'));
    expect([missing.code, missing.err.trim()]).toEqual([1, 'CSV_INVALID: The CSV lacks required columns: name']);
    expect((await users()).map((u) => u.account)).toEqual(['s001', 's002']);
  });

  it('exports apps as JSON and imports them into another hall, idempotently', () => {
    const source = path.join(dir, 'source.sqlite');
    const appsFile = file(
      'apps.json',
      JSON.stringify({
        format: 'service-hall.apps',
        version: 1,
        apps: [
          {
            code: 'net-repair',
            name: '网络报修',
            kind: 'external',
            uri: 'https://repair.demo.edu.cn/',
            retired: false,
          },
        ],
      }),
    );
    expect(admin(source, 'apps', 'import', appsFile).code).toBe(0);
    const exported = path.join(dir, 'exported.json');
    expect(admin(source, 'apps', 'export', exported).code).toBe(0);
    const json = JSON.parse(fs.readFileSync(exported, 'utf8')) as { apps: Array<{ code: string; name: string }> };
    expect(json.apps.map((a) => [a.code, a.name])).toEqual([['net-repair', '网络报修']]);
    expect(admin(db, 'apps', 'import', exported).out).toContain('1 to create');
    expect(admin(db, 'apps', 'import', exported).out).toContain('0 to create, 0 to change, 1 unchanged');
    const broken = admin(db, 'apps', 'import', file('broken.json', '{"apps": ['));
    expect([broken.code, broken.err.trim()]).toEqual([1, 'VALIDATION_FAILED: The app import file is not valid']);
  });

  it('deploys a definition from JSON, exports it, and refuses a bad one naming the node, writing nothing', async () => {
    const template: Record<string, unknown> = {
      ...structuredClone(builtinDefinitionTemplates[0] as Record<string, unknown>),
      code: 'lab-open',
      name: { zh: '实验室开放申请', en: 'Lab opening' },
    };
    // This hall has no directory yet: a template's approver role (counsellor) is refused, naming the step.
    const roleless = admin(db, 'definitions', 'deploy', file('template.json', JSON.stringify(template)), '--dry-run');
    expect([roleless.code, roleless.err]).toEqual([
      1,
      'The definition has 1 problem(s); nothing was published:\n  ! steps.0.assignee.role: the role "counsellor" does not exist and nobody holds it\n',
    ]);
    // With approvers every hall has (the applicant's department head), it publishes.
    const lab: Record<string, unknown> = {
      ...template,
      steps: (template.steps as Array<Record<string, unknown>>).map((s) => ({
        ...s,
        assignee: { type: 'departmentHead' },
      })),
    };
    const defFile = file('lab.json', JSON.stringify(lab));
    const dry = admin(db, 'definitions', 'deploy', defFile, '--dry-run');
    expect([dry.code, dry.out, dry.err]).toEqual([
      0,
      'Dry run (nothing written): lab-open would be published as version 1\n',
      '',
    ]);
    expect([admin(db, 'definitions', 'deploy', defFile).out]).toEqual(['Published lab-open version 1\n']);
    const exported = path.join(dir, 'lab-export.json');
    expect(admin(db, 'definitions', 'export', 'lab-open', exported).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(exported, 'utf8'))).toMatchObject({ code: 'lab-open', version: 1 });
    expect(admin(db, 'definitions', 'deploy', exported).out).toBe(
      'lab-open equals its newest version 1; nothing published\n',
    );
    const bad = {
      ...lab,
      steps: [
        ...(lab.steps as unknown[]),
        {
          id: 'orphan',
          name: { zh: '孤立', en: 'Orphan' },
          assignee: { type: 'starter' },
          mode: 'any',
          actions: [{ id: 'ok', name: { zh: '好', en: 'OK' }, to: 'end' }],
        },
      ],
    };
    const refused = admin(db, 'definitions', 'deploy', file('bad.json', JSON.stringify(bad)), '--lang', 'zh');
    expect([refused.code, refused.err]).toEqual([
      1,
      '流程定义有 1 处问题，未发布：\n  ! steps.2: 步骤“孤立”无法到达\n',
    ]);
    const rows = await handle.db
      .selectFrom('process_definitions')
      .select(['code', 'version', 'source', 'published_by'])
      .execute();
    expect(rows).toEqual([
      { code: 'lab-open', version: 1, source: 'published', published_by: expect.stringMatching(/^cli:/) },
    ]);
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'definition.publish')
      .execute();
    expect(audit).toEqual([{ action: 'definition.publish', target_id: 'lab-open' }]);
    const notJson = admin(db, 'definitions', 'deploy', file('nj.json', '{'));
    expect([notJson.code, notJson.err.trim()]).toEqual([1, 'VALIDATION_FAILED: The definition file is not valid JSON']);
  });

  it('says clearly what usage is wrong', () => {
    const unknown = admin(db, 'frobnicate');
    expect([unknown.code, unknown.err]).toEqual([2, expect.stringContaining('unknown command: frobnicate')]);
    const missing = admin(db, 'users', 'import', path.join(dir, 'none.csv'));
    expect([missing.code, missing.err]).toEqual([2, expect.stringContaining('cannot read')]);
  });
});
