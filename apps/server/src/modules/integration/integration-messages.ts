import { defineMessages } from '../../i18n/messages.ts';

/** Messages of the integration API and of callbacks to external systems (docs/integration.md). */
export const integrationMessages = defineMessages('integration', {
  SYSTEM_ONLY: { zh: '只有接入的业务系统可以调用此接口', en: 'Only a registered system may call this' },
  APP_OF_OTHER_SYSTEM: { zh: '该事项不属于调用的业务系统', en: 'This app does not belong to the calling system' },
  EXTERNAL_APP_UNKNOWN: { zh: '没有编码为 {code} 的事项', en: 'There is no app with code {code}' },
  EXTERNAL_USER_UNKNOWN: { zh: '用户 {user} 不存在或已停用', en: 'User {user} does not exist or is disabled' },
  EXTERNAL_PROCESS_UNKNOWN: {
    zh: '本系统没有编号为 {id} 的事项，请先推送该事项',
    en: 'This system has no process {id}; push the process first',
  },
  EXTERNAL_TASK_UNKNOWN: { zh: '本系统没有编号为 {id} 的待办', en: 'This system has no task {id}' },
  EXTERNAL_PROCESS_FINISHED: {
    zh: '该事项已结束（{status}），不能再改为进行中或另一种结果',
    en: 'The process has finished ({status}); it cannot run again or finish differently',
  },
  EXTERNAL_OWNER_FIXED: { zh: '事项的申请人不能更改', en: 'The applicant of a process cannot change' },
  EXTERNAL_TASK_OTHER_PROCESS: {
    zh: '该待办属于另一个事项，不能移到此事项下',
    en: 'This task belongs to another process and cannot move',
  },
  EXTERNAL_TASK_FINISHED: { zh: '该待办已结束，不能重新打开', en: 'This task has finished and cannot be reopened' },
  EXTERNAL_PROCESS_NOT_RUNNING: {
    zh: '事项已结束，不能再添加待办',
    en: 'The process has finished; it takes no new open tasks',
  },
  CALLBACK_SECRET_MISSING: {
    zh: '请先获取回调密钥（POST /api/integration/callback-secret），再推送带回调的待办',
    en: 'Get a callback secret first (POST /api/integration/callback-secret), then push tasks with a callback',
  },
  ACT_IN_SYSTEM: { zh: '请在{system}中办理此待办', en: 'Handle this task in {system}' },
  CALLBACK_IN_PROGRESS: {
    zh: '此待办正在提交给{system}，请稍候',
    en: 'This task is being sent to {system}; please wait',
  },
  CALLBACK_FAILED: {
    zh: '{system}未能完成此操作，请稍后重试',
    en: '{system} did not complete the action; please retry later',
  },
  CALLBACK_URL_OUTSIDE_BASE: {
    zh: '回调地址必须位于为本系统登记的地址 {base} 之下（协议、主机和端口相同），且不能含用户名或密码',
    en: 'The callbackUrl must be under the address registered for this system, {base} (same scheme, host and port), without a user name or password',
  },
  CALLBACK_BASE_MISSING: {
    zh: '本系统未登记地址，不能使用回调；请系统管理员先在管理后台登记本系统的地址',
    en: 'No address is registered for this system, so it cannot use callbacks; a system administrator registers it in the console first',
  },
});
