import { defineMessages } from '../../i18n/messages.ts';

export const processesMessages = defineMessages('processes', {
  APP_NOT_FOUND: { zh: '该事项不存在或不能在线申请', en: 'No such service, or it cannot be applied for online' },
  APP_NOT_VISIBLE: { zh: '该事项不对您开放', en: 'This service is not offered to you' },
  APP_NOT_VISIBLE_FOR: { zh: '该事项不对{name}开放', en: 'This service is not offered to {name}' },
  FORM_INVALID: { zh: '表单填写有误', en: 'Some fields of the form are invalid' },
  DATA_NOT_JSON: { zh: '表单数据格式错误', en: 'The form data is not valid JSON' },
  NO_ASSIGNEE: {
    zh: '找不到可以办理该环节的人员，请联系管理员',
    en: 'Nobody can handle the next step; please contact the administrator',
  },
  ACTION_NOT_OFFERED: { zh: '该待办不提供此操作', en: 'This task does not offer that action' },
  REMARK_REQUIRED: { zh: '此操作需要填写意见', en: 'This action needs a remark' },
  CANNOT_WITHDRAW: {
    zh: '已有人办理，不能撤回',
    en: 'Somebody has already acted on it; it can no longer be withdrawn',
  },
  PROCESS_NOT_RUNNING: { zh: '该事项已结束', en: 'This process has already finished' },
  OWN_PROCESS: {
    zh: '不能审批自己发起的事项（包括代他人审批）',
    en: 'You cannot act on a process you started, not even on someone else’s behalf',
  },
  START_QUOTA: {
    zh: '提交过于频繁：同一事项每小时最多 {hour} 件、每天最多 {day} 件',
    en: 'Too many submissions: at most {hour} an hour and {day} a day for one service',
  },
  NAMED_HANDLERS_TOO_MANY: { zh: '此处最多只能填写 {max} 人', en: 'Name at most {max} person here' },
  NAMED_HANDLER_NOT_STAFF: { zh: '此处只能填写教职工账号', en: 'Only a staff account can be named here' },
  NOT_STARTER: { zh: '只有申请人可以执行此操作', en: 'Only the applicant can do this' },
  NOT_COPIED: { zh: '该事项未抄送给您', en: 'This process was not copied to you' },
  CANNOT_RATE: {
    zh: '只有申请人可以对已办结的事项评价一次',
    en: 'Only the applicant can rate a finished process, once',
  },
});
