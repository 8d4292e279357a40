import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';

/** The demo university: one enterprise, its departments and the people the README lists. */
export const DEMO_PASSWORD = 'demo123';
export const ENTERPRISE_ID = 'demo-university';

export const departments = [
  { id: 'cs', name: '计算机学院', name_en: 'School of Computer Science', head: 'wangwu' },
  { id: 'academic', name: '教务处', name_en: 'Academic Affairs Office', head: 'sunba' },
  { id: 'students', name: '学生处', name_en: 'Student Affairs Office', head: 'zhoujiu' },
  { id: 'finance', name: '财务处', name_en: 'Finance Office', head: 'qianqi' },
  { id: 'hr', name: '人事处', name_en: 'Human Resources Office', head: 'wushi' },
  { id: 'logistics', name: '后勤管理处', name_en: 'Logistics Office', head: 'zhengshiyi' },
  { id: 'library', name: '图书馆', name_en: 'University Library', head: 'chenshier' },
  { id: 'it', name: '信息化中心', name_en: 'IT Centre', head: 'admin' },
  { id: 'office', name: '校长办公室', name_en: "President's Office", head: 'hanshisan' },
] as const;

/** Demo accounts; the first five are the README's. Every one signs in with DEMO_PASSWORD. */
export const people = [
  { account: 'zhangsan', name: '张三', name_en: 'Zhang San', dept: 'cs', roles: ['student'] },
  { account: 'lisi', name: '李四', name_en: 'Li Si', dept: 'cs', roles: ['teacher', 'counsellor'] },
  { account: 'wangwu', name: '王五', name_en: 'Wang Wu', dept: 'cs', roles: ['teacher', 'head'] },
  { account: 'zhaoliu', name: '赵六', name_en: 'Zhao Liu', dept: 'finance', roles: ['finance'] },
  { account: 'admin', name: '管理员', name_en: 'Administrator', dept: 'it', roles: ['admin', 'head'] },
  { account: 'qianqi', name: '钱七', name_en: 'Qian Qi', dept: 'finance', roles: ['finance_head', 'head'] },
  { account: 'sunba', name: '孙八', name_en: 'Sun Ba', dept: 'academic', roles: ['academic', 'head'] },
  { account: 'zhoujiu', name: '周九', name_en: 'Zhou Jiu', dept: 'students', roles: ['teacher', 'head'] },
  { account: 'wushi', name: '吴十', name_en: 'Wu Shi', dept: 'hr', roles: ['hr', 'head'] },
  { account: 'zhengshiyi', name: '郑十一', name_en: 'Zheng Shiyi', dept: 'logistics', roles: ['logistics', 'head'] },
  { account: 'chenshier', name: '陈十二', name_en: 'Chen Shier', dept: 'library', roles: ['library', 'head'] },
  { account: 'hanshisan', name: '韩十三', name_en: 'Han Shisan', dept: 'office', roles: ['office', 'head'] },
  { account: 'liuxiaoming', name: '刘小明', name_en: 'Liu Xiaoming', dept: 'cs', roles: ['student'] },
] as const;

/** The role catalogue of the demo (names shown by the administration console); `admin` is the system administrator. */
export const demoRoles = [
  { code: 'student', name: '学生', name_en: 'Student' },
  { code: 'teacher', name: '教师', name_en: 'Teacher' },
  { code: 'counsellor', name: '辅导员', name_en: 'Counsellor' },
  { code: 'head', name: '部门负责人', name_en: 'Head of department' },
  { code: 'finance', name: '财务人员', name_en: 'Finance officer' },
  { code: 'finance_head', name: '财务处负责人', name_en: 'Head of finance' },
  { code: 'academic', name: '教务人员', name_en: 'Academic affairs officer' },
  { code: 'hr', name: '人事人员', name_en: 'Human resources officer' },
  { code: 'logistics', name: '后勤人员', name_en: 'Logistics officer' },
  { code: 'library', name: '图书馆员', name_en: 'Librarian' },
  { code: 'office', name: '校办人员', name_en: "President's office staff" },
] as const;

/** User ids are the accounts prefixed, so they are stable across reseeds and readable in logs. */
export const userId = (account: string) => `u-${account}`;

/** Inserts the enterprise, departments and people unless they exist (idempotent). */
export async function seedPeople(db: Db, now: number): Promise<void> {
  await db
    .insertInto('enterprises')
    .values({ id: ENTERPRISE_ID, name: '示范大学', name_en: 'Demo University' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const d of departments) {
    await db
      .insertInto('departments')
      .values({ id: d.id, name: d.name, name_en: d.name_en, head_user_id: userId(d.head) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // The `admin` role row (system administrator) comes with the schema (migrations/015).
  await db
    .insertInto('roles')
    .values([...demoRoles])
    .onConflict((oc) => oc.doNothing())
    .execute();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const p of people) {
    await db
      .insertInto('users')
      .values({
        id: userId(p.account),
        account: p.account,
        name: p.name,
        name_en: p.name_en,
        email: `${p.account}@demo.edu.cn`,
        department_id: p.dept,
        enterprise_id: ENTERPRISE_ID,
        roles: p.roles.join(','),
        password_hash: passwordHash,
        disabled: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
