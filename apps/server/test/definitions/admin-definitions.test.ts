import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates } from '@service-hall/engine';

import { definitionAt } from '../../src/modules/definitions/definitions-repository.ts';
import { seedAtStart } from '../../src/seed/seed-at-start.ts';
import { auditOf } from '../helpers/admin-helpers.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const leaveTemplate = () => structuredClone(builtinDefinitionTemplates[0]) as Json;

describe.each(testDialects())('definitions as data (/api/admin/definitions) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (account: string, method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(await t.auth(account)),
        'accept-language': lang,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const publish = (account: string, definition: Json, extra: Json = {}, lang?: string) =>
    call(account, 'POST', '/api/admin/definitions', { definition, ...extra }, lang);
  const versions = async (code: string) =>
    await t.ctx.db
      .selectFrom('process_definitions')
      .select(['version', 'source', 'published_by'])
      .where('code', '=', code)
      .orderBy('version')
      .execute();
  const wf = () => workflowClient(t);

  it("refuses members, and lets an app administrator see and publish only their apps' definitions", async () => {
    for (const url of [
      '/api/admin/definitions',
      '/api/admin/definitions/templates',
      '/api/admin/definitions/leave',
      '/api/admin/definitions/leave/versions/1',
    ]) {
      const r = await call('zhangsan', 'GET', url);
      expect([url, r.statusCode, r.json().ecode]).toEqual([url, 403, 'FORBIDDEN']);
    }
    expect((await publish('zhangsan', leaveTemplate())).json().ecode).toBe('FORBIDDEN');
    // wangwu administers leave and business-trip; zhaoliu administers reimburse.
    const mine = (await call('wangwu', 'GET', '/api/admin/definitions')).json().entities.map((d: Json) => d.code);
    expect(mine).toEqual(['business-trip', 'leave']);
    expect((await call('zhaoliu', 'GET', '/api/admin/definitions/leave')).statusCode).toBe(403);
    expect((await publish('zhaoliu', { ...leaveTemplate(), name: { zh: '改', en: 'Changed' } })).statusCode).toBe(403);
    // A code no app uses yet belongs to the system administrators.
    expect((await publish('wangwu', { ...leaveTemplate(), code: 'lab-open' })).statusCode).toBe(403);
    const all = (await call('admin', 'GET', '/api/admin/definitions', undefined, 'zh')).json();
    expect(all.total).toBe(12);
    expect(all.entities.find((d: Json) => d.code === 'leave')).toMatchObject({
      name: '请假申请',
      latest: { source: 'template', publishedBy: null },
      apps: [{ code: 'leave', name: '请假申请' }],
    });
    expect(await versions('reimburse')).toHaveLength(1);
  });

  it('publishes a new version; a running process keeps the version it started on, a new one starts on the new', async () => {
    const started = await wf().start('zhangsan', 'leave', leaveData);
    const before = started.json().entities[0].id as string;
    const [{ version: old }] = await versions('leave');
    const changed = leaveTemplate();
    changed.steps[0].name = { zh: '辅导员初审', en: 'Counsellor check' };
    const r = await publish('wangwu', changed);
    expect(r.statusCode).toBe(200);
    expect(r.json().entities[0]).toEqual({
      code: 'leave',
      version: old + 1,
      published: true,
      unchanged: false,
      dryRun: false,
    });
    expect((await versions('leave')).at(-1)).toEqual({ version: old + 1, source: 'published', published_by: 'wangwu' });
    const audit = (await auditOf(t, 'leave')).filter((a) => a.action === 'definition.publish');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_account: 'wangwu',
      before: { version: old },
      after: { version: old + 1, source: 'published' },
    });

    const row = (id: string) =>
      t.ctx.db.selectFrom('processes').select('definition_version').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await row(before)).definition_version).toBe(old);
    const fresh = await wf().start('zhangsan', 'leave', leaveData);
    expect((await row(fresh.json().entities[0].id)).definition_version).toBe(old + 1);
    // The running one still moves on its own version's steps.
    const oldTask = await t.ctx.db
      .selectFrom('tasks')
      .select('id')
      .where('process_id', '=', before)
      .where('status', '=', 'todo')
      .executeTakeFirstOrThrow();
    expect((await wf().act('lisi', oldTask.id, 'approve')).statusCode).toBe(200);
  });

  it('answers a retried or exported-and-reimported publish with the same version, storing nothing', async () => {
    const count = (await versions('leave')).length;
    const latest = (await versions('leave')).at(-1)!.version;
    const exported = (await call('wangwu', 'GET', `/api/admin/definitions/leave/versions/${latest}`)).json()
      .entities[0];
    expect(exported).toMatchObject({ code: 'leave', version: latest });
    const again = await publish('wangwu', exported);
    expect(again.json().entities[0]).toEqual({
      code: 'leave',
      version: latest,
      published: false,
      unchanged: true,
      dryRun: false,
    });
    expect(await versions('leave')).toHaveLength(count);
    expect((await auditOf(t, 'leave')).filter((a) => a.action === 'definition.publish')).toHaveLength(1);
    const dry = await publish(
      'wangwu',
      { ...exported, description: { zh: '新说明', en: 'New text' } },
      { dryRun: true },
    );
    expect(dry.json().entities[0]).toEqual({
      code: 'leave',
      version: latest + 1,
      published: false,
      unchanged: false,
      dryRun: true,
    });
    expect(await versions('leave')).toHaveLength(count);
    const list = (await call('wangwu', 'GET', '/api/admin/definitions/leave')).json().entities[0];
    expect(list.versions[0]).toMatchObject({ version: latest, source: 'published', publishedBy: 'wangwu' });
    expect(list.versions.reduce((n: number, v: Json) => n + v.running, 0)).toBeGreaterThan(0);
  });

  it('publishes the same JSON sent twice at once as one version; different ones never share a number', async () => {
    const count = (await versions('business-trip')).length;
    const changed = structuredClone(
      builtinDefinitionTemplates.find((d) => (d as Json).code === 'business-trip'),
    ) as Json;
    changed.description = { zh: '并发发布', en: 'Published twice at once' };
    const same = await Promise.all([publish('wangwu', changed), publish('wangwu', changed)]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(same.map((r) => r.json().entities[0].unchanged).sort()).toEqual([false, true]);
    expect(await versions('business-trip')).toHaveLength(count + 1);
    const a = { ...changed, description: { zh: '甲', en: 'A' } };
    const b = { ...changed, description: { zh: '乙', en: 'B' } };
    const both = await Promise.all([publish('wangwu', a), publish('admin', b)]);
    const won = both.filter((r) => r.statusCode === 200).map((r) => r.json().entities[0].version);
    expect(new Set(won).size).toBe(won.length);
    expect(both.every((r) => r.statusCode === 200 || r.json().ecode === 'CONFLICT')).toBe(true);
    expect(await versions('business-trip')).toHaveLength(count + 1 + won.length);
    const audited = (await auditOf(t, 'business-trip')).filter((x) => x.action === 'definition.publish');
    expect(audited).toHaveLength(1 + won.length);
  });

  it('refuses each bad definition with a message at its node or field, changing nothing', async () => {
    const count = (await versions('leave')).length;
    const auditRows = (await auditOf(t, 'leave')).length;
    const base = () => leaveTemplate();

    const cycle = base();
    cycle.steps[1].actions = [{ id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'loop' }];
    cycle.steps.push({
      id: 'loop',
      name: { zh: '复核', en: 'Check again' },
      assignee: { type: 'starter' },
      mode: 'any',
      actions: [{ id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'head' }],
    });
    const unreachable = base();
    unreachable.steps.push({
      id: 'orphan',
      name: { zh: '孤立步骤', en: 'Orphan' },
      assignee: { type: 'starter' },
      mode: 'any',
      actions: [{ id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'end' }],
    });
    const missingField = base();
    missingField.steps[1].actions[0].to = {
      branches: [{ when: { field: 'nights', op: 'gt', value: 3 }, to: 'end' }],
      otherwise: 'end',
    };
    const noDefault = base();
    noDefault.steps[1].actions[0].to = { branches: [{ when: { field: 'days', op: 'gt', value: 3 }, to: 'end' }] };
    const dropped = base();
    delete dropped.form.schema.properties.destination;
    delete dropped.form.fieldLabels.destination;
    dropped.form.uiSchema['ui:order'] = dropped.form.uiSchema['ui:order'].filter((f: string) => f !== 'destination');
    const nobody = base();
    nobody.steps[1].assignee = { type: 'role', role: 'astronaut' };
    nobody.steps[1].whenNobody = { action: 'assign', assignee: { type: 'user', account: 'ghost' } };

    const cases: Array<[string, Json, Array<{ field: string; message: string }>]> = [
      [
        'cycle',
        cycle,
        [
          { field: 'definition.steps.1', message: 'step "head" is in a cycle that can never end' },
          { field: 'definition.steps.2', message: 'step "loop" is in a cycle that can never end' },
        ],
      ],
      [
        'unreachable',
        unreachable,
        [{ field: 'definition.steps.2', message: 'step "orphan" cannot be reached from the first step' }],
      ],
      [
        'condition on a missing field',
        missingField,
        [
          {
            field: 'definition.steps.1.actions.0.to.branches.0.when',
            message: 'condition: field "nights" is not in the form',
          },
        ],
      ],
      [
        'branch without default',
        noDefault,
        [{ field: 'definition.steps.1.actions.0.to.otherwise', message: 'the branch has no default (otherwise)' }],
      ],
      [
        'a field running processes use',
        dropped,
        [
          {
            field: 'definition.form.schema.properties.destination',
            message: expect.stringMatching(
              /^the field "Destination" \(destination\) cannot be removed: processes of version [\d, ]+ still running use it$/,
            ),
          },
        ],
      ],
      [
        'an approver rule naming a missing role and person',
        nobody,
        [
          {
            field: 'definition.steps.1.assignee.role',
            message: 'the role "astronaut" does not exist and nobody holds it',
          },
          {
            field: 'definition.steps.1.whenNobody.assignee.account',
            message: 'the person "ghost" does not exist or is disabled',
          },
        ],
      ],
    ];
    for (const [name, def, details] of cases) {
      const r = await publish('wangwu', def);
      expect([name, r.statusCode, r.json().ecode]).toEqual([name, 400, 'VALIDATION_FAILED']);
      expect(r.json().details).toEqual(details.map((d) => ({ ...d, in: 'body' })));
    }
    const zh = await publish('wangwu', noDefault, {}, 'zh');
    expect(zh.json().error).toBe('流程定义有 1 处问题，未发布');
    expect(zh.json().details[0].message).toBe('条件分支缺少默认去向（otherwise）');
    const proto = await publish('admin', JSON.parse('{"code":"leave","__proto__":{"x":1}}'));
    expect(proto.statusCode).toBe(400);
    expect(await versions('leave')).toHaveLength(count);
    expect(await auditOf(t, 'leave')).toHaveLength(auditRows);
  });

  it('matches a published catastrophic pattern in linear time, and refuses one needing backtracking naming its field', async () => {
    // `^(a+)+$` takes a backtracking engine 2^n steps on "aaa…a!": 10,000 characters would never finish.
    const hostile = leaveTemplate();
    hostile.form.schema.properties.reason = {
      ...hostile.form.schema.properties.reason,
      pattern: '^(a+)+$',
      maxLength: 20_000,
    };
    expect((await publish('wangwu', hostile)).statusCode).toBe(200);
    const refused = await wf().start('zhangsan', 'leave', { ...leaveData, reason: `${'a'.repeat(10_000)}!` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ field: 'reason' })]);
    expect((await wf().start('zhangsan', 'leave', { ...leaveData, reason: 'a'.repeat(10_000) })).statusCode).toBe(200);

    const count = (await versions('leave')).length;
    const cases: Array<[string, RegExp, RegExp]> = [
      [
        '^(\\d)\\1$',
        /^the pattern of field "contactPhone" uses a backreference/,
        /^字段“contactPhone”的格式（pattern）使用了反向引用/,
      ],
      [
        '^(?!0)\\d+$',
        /^the pattern of field "contactPhone" uses a lookahead or lookbehind/,
        /^字段“contactPhone”的格式（pattern）使用了前瞻或后顾断言/,
      ],
    ];
    for (const [pattern, en, zh] of cases) {
      const def = leaveTemplate();
      def.form.schema.properties.contactPhone.pattern = pattern;
      for (const [lang, message] of [
        ['en', en],
        ['zh', zh],
      ] as const) {
        const r = await publish('wangwu', def, {}, lang);
        expect([pattern, r.statusCode, r.json().ecode]).toEqual([pattern, 400, 'VALIDATION_FAILED']);
        expect(r.json().details).toEqual([
          {
            field: 'definition.form.schema.properties.contactPhone',
            in: 'body',
            message: expect.stringMatching(message),
          },
        ]);
      }
    }
    expect(await versions('leave')).toHaveLength(count);
  });

  it('lists the twelve built-in templates also with SEED=none, and a start never replaces a published version', async () => {
    const templates = (await call('wangwu', 'GET', '/api/admin/definitions/templates')).json();
    expect(templates.total).toBe(12);
    expect(templates.entities[0]).toEqual({ code: 'leave', name: 'Leave request', version: 3 });
    const json = (await call('wangwu', 'GET', '/api/admin/definitions/templates/visitor')).json().entities[0];
    expect(json).toEqual(builtinDefinitionTemplates.find((d) => (d as Json).code === 'visitor'));
    const before = await versions('leave');
    await seedAtStart(t.ctx, 'none');
    expect(await versions('leave')).toEqual(before);
  });

  it('loads stored versions strictly: a row that fails the publish check or names another version is refused', async () => {
    const bad = leaveTemplate();
    bad.code = 'broken';
    bad.steps[0].actions[0].to = 'nowhere';
    await t.ctx.db
      .insertInto('process_definitions')
      .values([
        {
          code: 'broken',
          version: 1,
          definition: JSON.stringify(bad),
          created_at: 0,
          source: 'published',
          published_by: 'sql',
        },
        {
          code: 'renamed',
          version: 1,
          definition: JSON.stringify({ ...leaveTemplate(), code: 'renamed', version: 7 }),
          created_at: 0,
          source: 'published',
          published_by: 'sql',
        },
      ])
      .execute();
    await expect(definitionAt(t.ctx.db, 'broken', 1)).rejects.toMatchObject({ code: 'INVALID_DEFINITION' });
    await expect(definitionAt(t.ctx.db, 'renamed', 1)).rejects.toMatchObject({ code: 'INVALID_DEFINITION' });
  });
});
