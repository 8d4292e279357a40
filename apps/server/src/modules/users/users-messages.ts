import { defineMessages } from '../../i18n/messages.ts';

export const usersMessages = defineMessages('users', {
  PATH_USER_NOT_ME: { zh: '只能查看或修改自己的数据', en: 'You can only use your own user id here' },
});
