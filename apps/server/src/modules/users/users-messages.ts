import { defineMessages } from '../../i18n/messages.ts';

export const usersMessages = defineMessages('users', {
  PATH_USER_NOT_ME: { zh: '只能查看或修改自己的数据', en: 'You can only use your own user id here' },
  VIEW_AS_FORBIDDEN: {
    zh: '无权查看该用户的事项',
    en: "You are not allowed to view this user's items",
  },
});
