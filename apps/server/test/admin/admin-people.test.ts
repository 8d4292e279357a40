import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifyPassword } from '../../src/auth/password.ts';
import { translate } from '../../src/i18n/catalogue.ts';
import { importDepartmentsCsv } from '../../src/modules/admin/imports/import-departments-csv.ts';
import { describeRowError } from '../../src/modules/admin/imports/import-report.ts';
import { importUsersCsv } from '../../src/modules/admin/imports/import-users-csv.ts';
import { createUser } from '../../src/modules/admin/people/create-user.ts';
import { disableUser } from '../../src/modules/admin/people/disable-user.ts';
import { editUser } from '../../src/modules/admin/people/edit-user.ts';
import { resetPassword } from '../../src/modules/admin/people/reset-password.ts';
import { createDepartment, editDepartment } from '../../src/modules/admin/people/save-department.ts';
import { createRole, editRole } from '../../src/modules/admin/people/save-role.ts';
import { setRoleMembers } from '../../src/modules/admin/people/set-role-members.ts';
import { loadDirectory } from '../../src/modules/users/directory.ts';
import { adminAs, auditOf, refusal } from '../helpers/admin-helpers.ts';
import { gbkEncode } from '../helpers/gbk-encode.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe.each(testDialects())('administering people on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });
  const user = (account: string) =>
    t.ctx.db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirstOrThrow();

  it('creates a user who can sign in with the password set, and refuses the account twice', async () => {
    const ctx = await adminAs(t, 'admin');
    const id = await createUser(
      ctx,
      { account: 'newbie', name: '新人', department_id: 'cs', roles: ['student'] },
      'secret-123',
    );
    const row = await user('newbie');
    expect(row.id).toBe(id);
    expect(await verifyPassword('secret-123', row.password_hash)).toBe(true);
    const [audit] = await auditOf(t, id);
    expect(audit).toMatchObject({ action: 'user.create', after: { account: 'newbie', password: true } });
    expect(JSON.stringify(audit)).not.toContain(row.password_hash!);
    const err = await refusal(createUser(ctx, { account: 'newbie', name: '又一个' }));
    expect([err.ecode, translate(err.messageKey, 'en', err.params)]).toEqual([
      'ACCOUNT_TAKEN',
      'The account "newbie" already exists',
    ]);
    expect((await refusal(createUser(ctx, { account: 'x', name: 'x', department_id: 'nowhere' }))).messageKey).toBe(
      'ADMIN_DEPARTMENT_NOT_FOUND',
    );
  });

  it('edits, disables and resets the password of a user; the workflow directory follows', async () => {
    const ctx = await adminAs(t, 'admin');
    const row = await user('newbie');
    await editUser(ctx, row.id, { roles: ['student', 'teacher'], name_en: 'Newbie' });
    expect((await loadDirectory(t.ctx.db)).userIdsWithRole('teacher')).toContain(row.id);
    await disableUser(ctx, row.id);
    expect((await loadDirectory(t.ctx.db)).userIdByAccount('newbie')).toBeNull();
    await resetPassword(ctx, row.id, 'another-456');
    expect(await verifyPassword('another-456', (await user('newbie')).password_hash)).toBe(true);
    expect((await refusal(resetPassword(ctx, row.id, 'short'))).messageKey).toBe('ADMIN_PASSWORD_WEAK');
    expect((await refusal(resetPassword(ctx, row.id, 'long-enough', { embeddedIdp: false }))).messageKey).toBe(
      'ADMIN_NO_PASSWORD_LOGIN',
    );
    expect((await auditOf(t, row.id)).map((a) => a.action)).toEqual([
      'user.create',
      'user.edit',
      'user.disable',
      'user.reset-password',
    ]);
  });

  it('never leaves the hall without an enabled system administrator', async () => {
    const ctx = await adminAs(t, 'admin');
    const admin = await user('admin');
    expect((await refusal(disableUser(ctx, admin.id))).messageKey).toBe('ADMIN_LAST_SYSTEM_ADMIN');
    expect((await refusal(editUser(ctx, admin.id, { roles: ['head'] }))).messageKey).toBe('ADMIN_LAST_SYSTEM_ADMIN');
    expect((await refusal(setRoleMembers(ctx, 'admin', []))).messageKey).toBe('ADMIN_LAST_SYSTEM_ADMIN');
    expect((await user('admin')).roles).toContain('admin');
  });

  it('refuses people management to an app administrator and a student', async () => {
    for (const account of ['wangwu', 'zhangsan']) {
      const ctx = await adminAs(t, account);
      expect((await refusal(createUser(ctx, { account: `by-${account}`, name: 'x' }))).ecode).toBe('FORBIDDEN');
      expect((await refusal(createDepartment(ctx, { id: 'd', name: 'd' }))).ecode).toBe('FORBIDDEN');
      expect((await refusal(setRoleMembers(ctx, 'admin', [`u-${account}`]))).ecode).toBe('FORBIDDEN');
    }
  });

  it('keeps the department tree free of cycles and sets heads', async () => {
    const ctx = await adminAs(t, 'admin');
    await createDepartment(ctx, { id: 'cs-se', name: '软件工程系', parent_id: 'cs', head_user_id: 'u-lisi' });
    const cycle = await refusal(editDepartment(ctx, 'cs', { parent_id: 'cs-se' }));
    expect([cycle.ecode, cycle.messageKey]).toEqual(['VALIDATION_FAILED', 'ADMIN_DEPARTMENT_CYCLE']);
    expect((await refusal(createDepartment(ctx, { id: 'cs-se', name: '重复' }))).messageKey).toBe(
      'ADMIN_DEPARTMENT_TAKEN',
    );
    await editDepartment(ctx, 'cs-se', { head_user_id: 'u-wangwu' });
    const row = await t.ctx.db
      .selectFrom('departments')
      .selectAll()
      .where('id', '=', 'cs-se')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parent_id: 'cs', head_user_id: 'u-wangwu' });
    expect((await auditOf(t, 'cs-se')).map((a) => a.action)).toEqual(['department.create', 'department.edit']);
  });

  it('creates roles and sets their members, as the engine sees them', async () => {
    const ctx = await adminAs(t, 'admin');
    await createRole(ctx, { code: 'lab_manager', name: '实验室管理员', name_en: 'Lab manager' });
    await setRoleMembers(ctx, 'lab_manager', ['u-lisi', 'u-wangwu']);
    expect((await loadDirectory(t.ctx.db)).userIdsWithRole('lab_manager').sort()).toEqual(['u-lisi', 'u-wangwu']);
    await setRoleMembers(ctx, 'lab_manager', ['u-lisi']);
    expect((await user('wangwu')).roles.split(',')).not.toContain('lab_manager');
    await editRole(ctx, 'lab_manager', { name_en: 'Laboratory manager' });
    expect((await refusal(createRole(ctx, { code: 'lab_manager', name: 'x' }))).messageKey).toBe('ADMIN_ROLE_TAKEN');
    expect((await auditOf(t, 'lab_manager')).map((a) => a.action)).toEqual([
      'role.create',
      'role.members',
      'role.members',
      'role.edit',
    ]);
  });

  it('imports users from a GBK file after a dry run, idempotently by account', async () => {
    const ctx = await adminAs(t, 'admin');
    const csv =
      '账号,姓名,部门,角色,邮箱\r\nstu001,王小明,计算机学院,student,stu001@demo.edu.cn\r\n' +
      'stu002,李小红,cs,student;teacher,\r\nzhangsan,张三,cs,student,zhangsan@demo.edu.cn\r\nlisi,李四,cs,teacher;counsellor;lab_manager,lisi@new.edu.cn\r\n';
    const dry = await importUsersCsv(ctx, gbkEncode(csv), { dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, applied: false, created: 2, changed: 1, unchanged: 1, errors: 0 });
    expect(dry.rows.find((r) => r.key === 'lisi')).toMatchObject({ line: 5, outcome: 'change', changes: ['email'] });
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('account', '=', 'stu001').executeTakeFirst(),
    ).toBeUndefined();

    const done = await importUsersCsv(ctx, gbkEncode(csv), { dryRun: false });
    expect(done).toMatchObject({ applied: true, created: 2, changed: 1, unchanged: 1 });
    expect(await user('stu001')).toMatchObject({ name: '王小明', department_id: 'cs', roles: 'student' });
    expect((await user('stu002')).roles).toBe('student,teacher');
    const again = await importUsersCsv(ctx, gbkEncode(csv), { dryRun: false });
    expect(again).toMatchObject({ applied: true, created: 0, changed: 0, unchanged: 4 });
  });

  it('asks which encoding to use for GBK bytes that are also valid UTF-8, and imports them as chosen', async () => {
    const ctx = await adminAs(t, 'admin');
    const bytes = gbkEncode('account,name\nzm01,芝猫\n');
    // The premise: D6A5 C3A8 is strict UTF-8 too, so "valid UTF-8 first" read it as "֥è".
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe('account,name\nzm01,\u05a5è\n');
    const preview = await importUsersCsv(ctx, bytes, { dryRun: true });
    expect(preview).toMatchObject({ encoding: null, applied: false, created: 0, rows: [] });
    expect(preview.readings).toEqual([
      {
        encoding: 'utf-8',
        lines: [
          { line: 1, cells: ['account', 'name'] },
          { line: 2, cells: ['zm01', '\u05a5è'] },
        ],
      },
      {
        encoding: 'gbk',
        lines: [
          { line: 1, cells: ['account', 'name'] },
          { line: 2, cells: ['zm01', '芝猫'] },
        ],
      },
    ]);
    const undecided = await refusal(importUsersCsv(ctx, bytes, { dryRun: false }));
    expect([undecided.ecode, undecided.messageKey]).toEqual(['CSV_INVALID', 'CSV_ENCODING_UNDECIDED']);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('account', '=', 'zm01').executeTakeFirst(),
    ).toBeUndefined();
    expect(await importUsersCsv(ctx, bytes, { dryRun: false, encoding: 'gbk' })).toMatchObject({
      applied: true,
      created: 1,
      encoding: 'gbk',
    });
    expect((await user('zm01')).name).toBe('芝猫');
  });

  it('imports plain UTF-8, BOM-marked UTF-8 and clear GBK files without asking', async () => {
    const ctx = await adminAs(t, 'admin');
    const names = 'account,name\nenc01,王五\nenc02,李四\nenc03,欧阳明\n';
    const plain = await importUsersCsv(ctx, utf8(names), { dryRun: false });
    expect(plain).toMatchObject({ applied: true, created: 3, encoding: 'utf-8', readings: [] });
    expect([(await user('enc01')).name, (await user('enc03')).name]).toEqual(['王五', '欧阳明']);
    const bom = await importUsersCsv(ctx, new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('账号,姓名\nenc04,芝猫\n')]), {
      dryRun: false,
    });
    expect(bom).toMatchObject({ applied: true, created: 1, encoding: 'utf-8' });
    expect((await user('enc04')).name).toBe('芝猫');
    const gbk = await importUsersCsv(ctx, gbkEncode('账号,姓名,部门\r\nenc05,赵六,计算机学院\r\n'), { dryRun: false });
    expect(gbk).toMatchObject({ applied: true, created: 1, encoding: 'gbk' });
    expect((await user('enc05')).name).toBe('赵六');
  });

  it('reports every bad row in the user language and writes nothing when any row is bad', async () => {
    const ctx = await adminAs(t, 'admin');
    const csv =
      'account,name,department,roles,email\nok1,好的,cs,student,\n,无账号,cs,,\nbad2,坏,nowhere,wizard,not-an-email\nok1,重复,cs,,\n';
    const report = await importUsersCsv(ctx, utf8(csv), { dryRun: false });
    expect(report).toMatchObject({ applied: false, created: 1, errors: 3 });
    const bad = report.rows.find((r) => r.key === 'bad2')!;
    expect(bad.errors.map((e) => describeRowError(bad, e, 'en'))).toEqual([
      'line 4 (bad2): "email" is not valid',
      'line 4 (bad2): No department "nowhere"',
      'line 4 (bad2): No role "wizard"',
    ]);
    const dup = report.rows.find((r) => r.line === 5)!;
    expect(describeRowError(dup, dup.errors[0]!, 'zh')).toBe('第 5 行（ok1）: 与第 2 行重复');
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('account', '=', 'ok1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a file with missing columns or broken encoding, naming the problem', async () => {
    const ctx = await adminAs(t, 'admin');
    const missing = await refusal(importUsersCsv(ctx, utf8('account,email\nx,x@y.z\n'), { dryRun: true }));
    expect([missing.ecode, translate(missing.messageKey, 'zh', missing.params)]).toEqual([
      'CSV_INVALID',
      'CSV 缺少必需的列：name',
    ]);
    const broken = await refusal(
      importUsersCsv(ctx, new Uint8Array([0x61, 0x2c, 0xff, 0xfe, 0x0a, 0xd5]), { dryRun: true }),
    );
    expect([broken.ecode, broken.messageKey]).toEqual(['CSV_INVALID', 'CSV_ENCODING']);
    // A GBK file declared as UTF-8 is refused rather than imported as mojibake.
    const declared = await refusal(
      importUsersCsv(ctx, gbkEncode('account,name\nx1,王五\n'), { dryRun: true, encoding: 'utf-8' }),
    );
    expect(declared.messageKey).toBe('CSV_ENCODING');
    expect((await refusal(importUsersCsv(ctx, utf8('account,name\n'), { dryRun: true }))).messageKey).toBe('CSV_EMPTY');
  });

  it('imports departments with parents from the same file, refusing a cycle', async () => {
    const ctx = await adminAs(t, 'admin');
    const ok = 'id,name,parent,head\nmed,医学院,,wangwu\nmed-nursing,护理系,med,lisi\n';
    const report = await importDepartmentsCsv(ctx, utf8(ok), { dryRun: false });
    expect(report).toMatchObject({ applied: true, created: 2 });
    const row = await t.ctx.db
      .selectFrom('departments')
      .selectAll()
      .where('id', '=', 'med-nursing')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parent_id: 'med', head_user_id: 'u-lisi' });
    expect(await importDepartmentsCsv(ctx, utf8(ok), { dryRun: false })).toMatchObject({ unchanged: 2, created: 0 });
    const cycle = await importDepartmentsCsv(ctx, utf8('id,name,parent\nmed,医学院,med-nursing\n'), { dryRun: false });
    expect(cycle).toMatchObject({ applied: false, errors: 1 });
    expect(cycle.rows[0]!.errors[0]!.reason).toBe('CSV_ROW_CYCLE');
  });
});
