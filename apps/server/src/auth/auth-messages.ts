import { defineMessages } from '../i18n/messages.ts';

/** Reasons authentication gives beside the generic ecode messages. */
export const authMessages = defineMessages('auth', {
  ACCOUNT_DISABLED: {
    zh: '该账号已停用，请联系管理员',
    en: 'This account is disabled; please contact the administrator',
  },
  ACCOUNT_UNKNOWN: {
    zh: '该账号不存在，请联系管理员',
    en: 'This account is not known here; please contact the administrator',
  },
});
