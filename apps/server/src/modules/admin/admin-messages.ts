import { defineMessages } from '../../i18n/messages.ts';

// The administration module's messages: ecode defaults first, then finer reasons.
export const adminMessages = defineMessages('admin', {
  APP_CODE_TAKEN: { zh: '事项编码“{code}”已被使用', en: 'The app code "{code}" is already in use' },
  APP_CODE_IN_USE: {
    zh: '事项编码“{code}”已有办件使用，不能修改',
    en: 'Processes use the app code "{code}"; it cannot be changed',
  },
  APP_HAS_OPEN_PROCESSES: {
    zh: '该事项还有 {count} 个未办结的办件，不能下线',
    en: 'This app still has {count} open processes; it cannot be retired',
  },
  ACCOUNT_TAKEN: { zh: '账号“{account}”已存在', en: 'The account "{account}" already exists' },
  IMAGE_UNSAFE: { zh: '图片含有脚本或外部引用，已拒绝', en: 'The image contains script or external references' },
  CSV_INVALID: { zh: 'CSV 文件无法读取', en: 'The CSV file cannot be read' },
  ADMIN_FORBIDDEN: { zh: '您不是此项内容的管理员', en: 'You do not administer this' },
  ADMIN_APP_NOT_FOUND: { zh: '事项不存在', en: 'No such app' },
  ADMIN_USER_NOT_FOUND: { zh: '用户不存在', en: 'No such user' },
  ADMIN_DEPARTMENT_NOT_FOUND: { zh: '部门不存在', en: 'No such department' },
  ADMIN_ROLE_NOT_FOUND: { zh: '角色不存在', en: 'No such role' },
  ADMIN_GUIDE_NOT_FOUND: { zh: '办事指南不存在', en: 'No such guide' },
  ADMIN_INPUT_INVALID: { zh: '填写的内容有误', en: 'Some fields are invalid' },
  ADMIN_APP_KIND: {
    zh: '内置事项须有流程定义编码，外部事项须有访问地址',
    en: 'A built-in app needs a definition code; an external app needs a URI',
  },
  ADMIN_REORDER_MISMATCH: {
    zh: '排序须列出全部推荐事项，且每个只出现一次',
    en: 'The new order must list every recommended app exactly once',
  },
  ADMIN_DEPARTMENT_CYCLE: {
    zh: '上级部门不能是自己或自己的下级',
    en: 'A department cannot sit under itself or its sub-departments',
  },
  ADMIN_DEPARTMENT_TAKEN: { zh: '部门编号“{id}”已存在', en: 'The department id "{id}" already exists' },
  ADMIN_ROLE_TAKEN: { zh: '角色编码“{code}”已存在', en: 'The role code "{code}" already exists' },
  ADMIN_LAST_SYSTEM_ADMIN: {
    zh: '不能停用或撤销最后一位系统管理员',
    en: 'The last system administrator cannot be disabled or removed',
  },
  ADMIN_NO_PASSWORD_LOGIN: {
    zh: '单位统一身份认证启用时，密码在该系统中管理',
    en: "Passwords are managed by the institution's sign-in provider",
  },
  ADMIN_PASSWORD_WEAK: { zh: '密码至少 8 位', en: 'The password must have at least 8 characters' },
  IMAGE_TOO_LARGE: { zh: '图片不能超过 {limit} KB', en: 'The image must not exceed {limit} KB' },
  IMAGE_NOT_PICTURE: { zh: '只能上传 PNG、JPEG 或 SVG 图片', en: 'Only PNG, JPEG or SVG images can be uploaded' },
  GUIDE_UNSAFE: { zh: '指南内容含有脚本或事件代码，已拒绝', en: 'The guide contains script or event handlers' },
  IMAGE_NOT_PNG_OR_SVG: { zh: '只能上传 PNG 或 SVG 图片', en: 'Only PNG or SVG images can be uploaded' },
  IMAGE_SVG_MALFORMED: {
    zh: 'SVG 文件不是格式正确的 XML，无法读取（出错位置 {where}，行:列）',
    en: 'The SVG file is not well-formed XML (it breaks at {where}, line:column)',
  },
  IMAGE_TOO_WIDE: {
    zh: '图片尺寸不能超过 {limit}×{limit} 像素',
    en: 'The image must not exceed {limit}×{limit} pixels',
  },
  CSV_ENCODING: {
    zh: 'CSV 文件编码无法识别（请使用 UTF-8 或 GBK）',
    en: 'The CSV file is neither valid UTF-8 nor GBK',
  },
  CSV_ENCODING_UNDECIDED: {
    zh: '该文件既可按 UTF-8 也可按 GBK 读取：请预览对比后指明编码',
    en: 'The file reads both as UTF-8 and as GBK: preview it to compare, then name the encoding',
  },
  CSV_COLUMNS_MISSING: { zh: 'CSV 缺少必需的列：{columns}', en: 'The CSV lacks required columns: {columns}' },
  CSV_EMPTY: { zh: 'CSV 文件没有数据行', en: 'The CSV file has no data rows' },
  CSV_MALFORMED: { zh: 'CSV 格式有误（第 {line} 行）', en: 'The CSV is malformed (line {line})' },
  APPS_JSON_INVALID: { zh: '事项导入文件格式有误', en: 'The app import file is not valid' },
  PROCESS_NOT_OPEN: { zh: '该办件已结束', en: 'This process has already ended' },
  TASK_NOT_OPEN: { zh: '该待办已处理或已取消', en: 'This task has already been handled or cancelled' },
  REASON_REQUIRED: { zh: '请填写原因', en: 'Please give a reason' },
  ADMIN_PROCESS_PUSHED: {
    zh: '该办件由业务系统“{system}”推送，其流转由该系统负责，请在该系统中撤销或转办',
    en: 'This process comes from the system "{systemEn}", which runs it; cancel or reassign it there',
  },
  ADMIN_SYSTEM_BINDING_FORBIDDEN: {
    zh: '只有系统管理员可以更改事项所属的业务系统',
    en: 'Only a system administrator can change which system an app belongs to',
  },
  ADMIN_DEFINITION_NOT_YOURS: {
    zh: '流程定义“{definition}”属于事项“{app}”，您不是其管理员',
    en: 'The definition "{definition}" belongs to the app "{app}", which you do not administer',
  },
  ADMIN_DEFINITION_UNOWNED: {
    zh: '流程定义“{definition}”已存在且不属于您的事项，只有系统管理员可以使用它',
    en: 'The definition "{definition}" already exists and belongs to none of your apps; only a system administrator can use it',
  },
});

export const adminImportMessages = defineMessages('admin-import', {
  CSV_ROW_REQUIRED: { zh: '“{column}”不能为空', en: '"{column}" is required' },
  CSV_ROW_INVALID: { zh: '“{column}”格式有误', en: '"{column}" is not valid' },
  CSV_ROW_DUPLICATE: { zh: '与第 {line} 行重复', en: 'Repeats line {line}' },
  CSV_ROW_UNKNOWN_DEPARTMENT: { zh: '部门“{value}”不存在', en: 'No department "{value}"' },
  CSV_ROW_AMBIGUOUS_DEPARTMENT: {
    zh: '有多个部门名为“{value}”，请填写部门编号',
    en: 'Several departments are called "{value}"; use its id',
  },
  CSV_ROW_UNKNOWN_ROLE: { zh: '角色“{value}”不存在', en: 'No role "{value}"' },
  CSV_ROW_UNKNOWN_USER: { zh: '账号“{value}”不存在', en: 'No account "{value}"' },
  CSV_ROW_CYCLE: { zh: '上级部门形成了循环', en: 'The parent departments form a cycle' },
});
