import { defineMessages } from '../i18n/messages.ts';

export const taskApiMessages = defineMessages('task-api', {
  GRAPHQL_CATE_UNKNOWN: {
    zh: '不支持的 cate「{cate}」，可选值：{allowed}',
    en: 'Unknown cate "{cate}"; expected one of: {allowed}',
  },
  GRAPHQL_PROCESS_KEY_MISSING: {
    zh: '请提供 id 或 entry',
    en: 'Give the process id or its entry (serial number)',
  },
  GRAPHQL_ARGUMENTS_INVALID: { zh: '参数有误：{problems}', en: 'Invalid arguments: {problems}' },
});
