import { defineMessages } from '../../i18n/messages.ts';

/** Reasons the favourites routes give. */
export const favouritesMessages = defineMessages('favourites', {
  FAVOURITE_APP_NOT_FOUND: { zh: '该应用不存在', en: 'No such app' },
});
