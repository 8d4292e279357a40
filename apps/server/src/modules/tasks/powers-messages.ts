import { defineMessages } from '../../i18n/messages.ts';

/** Messages of the approval powers (转办, 加签, 退回, 驳回, 催办): each refusal says what to do instead. */
export const powersMessages = defineMessages('powers', {
  POWER_REASON_REQUIRED: { zh: '请填写理由', en: 'Please give a reason' },
  TRANSFER_TO_SELF: {
    zh: '不能转办给自己或当前办理人',
    en: 'You cannot transfer a task to yourself or to its current holder',
  },
  USER_NOT_ACTIVE: { zh: '该人员不存在或已停用', en: 'That person does not exist or their account is disabled' },
  NOT_EARLIER_STEP: {
    zh: '只能退回到之前经过的环节',
    en: 'A process can only be returned to a step it has already passed',
  },
  ALREADY_ASSIGNED: {
    zh: '该人员已在办理此环节，或是申请人本人',
    en: 'That person already handles this step, or is the applicant',
  },
  ALREADY_SIGNED: { zh: '该人员已在此环节签过，不能重复加签', en: 'That person has already signed this step' },
  RETURN_FROM_COUNTERSIGN: {
    zh: '会签环节不能退回（会使其他人的签字作废），请使用驳回',
    en: 'A countersign step cannot be returned from (it would discard the others\u2019 signatures); reject it instead',
  },
  URGED_RECENTLY: {
    zh: '每个事项每小时只能催办一次，请在 {time} 之后再试',
    en: 'A process can be urged once an hour; please try again after {time}',
  },
  NO_OPEN_TASKS: {
    zh: '当前没有待办理的人员，无需催办',
    en: 'Nobody is handling this process right now; there is no one to urge',
  },
  NOT_A_RESUBMISSION: { zh: '此待办不能重新提交', en: 'This task cannot be resubmitted' },
});
