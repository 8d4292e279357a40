/**
 * Column names an import accepts, by canonical name: the English names of the documentation and the Chinese
 * headers spreadsheets exported by Chinese institutions usually carry.
 */
const aliases: Record<string, string[]> = {
  account: ['account', '账号', '帐号', '工号', '学号', '学工号'],
  name: ['name', '姓名', '名称', '部门名称'],
  name_en: ['name_en', '英文名', '英文名称'],
  email: ['email', '邮箱', '电子邮箱'],
  department: ['department', '部门', '部门编号', '所在部门'],
  roles: ['roles', '角色'],
  password: ['password', '密码', '初始密码'],
  id: ['id', '编号', '部门编号'],
  parent: ['parent', '上级', '上级部门', '上级部门编号'],
  head: ['head', '负责人', '负责人账号'],
};

/** The canonical name of a header cell among `wanted` (case and surrounding spaces ignored), or the cell itself. */
export function canonicalColumn(header: string, wanted: readonly string[]): string {
  const h = header.trim().toLowerCase();
  for (const name of wanted) if ((aliases[name] ?? [name]).includes(h)) return name;
  return h;
}
