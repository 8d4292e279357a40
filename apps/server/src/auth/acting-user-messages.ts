import { defineMessages } from '../i18n/messages.ts';

/** Why a `userId` was refused (auth/acting-user.ts). */
export const actingUserMessages = defineMessages('acting-user', {
  ACTING_USER_FORBIDDEN: {
    zh: '您不能查看或办理该用户的事项：只有本人、其有效的委托人或系统管理员可以',
    en: "You may not view or act on this user's items: only the user, an active delegate of theirs or a system administrator may",
  },
  ACTING_SYSTEM_APP: {
    zh: '该系统只能代用户办理本系统的事项',
    en: 'This system may act for users only on the apps of its own system',
  },
  TASK_NOT_ACTING_USERS: {
    zh: '该待办不是指定用户（userId）的待办',
    en: 'This task is not assigned to the user named by userId',
  },
  ACTING_USER_NOT_FOUND: { zh: '该用户不存在或已停用', en: 'No such user, or the account is disabled' },
});
