import { defineMessages } from '../../i18n/messages.ts';

export const delegationsMessages = defineMessages('delegations', {
  DELEGATION_SELF: { zh: '不能委托给自己', en: 'You cannot delegate to yourself' },
  DELEGATION_WINDOW: {
    zh: '结束时间必须晚于开始时间，且不能早于现在',
    en: 'The end must be after the start and in the future',
  },
  DELEGATION_RANGE: {
    zh: '委托时间须在今天至一年之内',
    en: 'A delegation must lie between today and one year from now',
  },
  DELEGATION_OVERLAP: {
    zh: '该时间段内此事项已有委托（全部事项的委托与任何事项重叠）',
    en: 'A delegation for this app already covers part of that time (an all-apps delegation overlaps every app)',
  },
  DELEGATION_UNKNOWN_USER: { zh: '被委托人不存在', en: 'No such delegate' },
  DELEGATION_UNKNOWN_APP: { zh: '事项不存在', en: 'No such app' },
});
