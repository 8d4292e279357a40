import { defineMessages } from '../../i18n/messages.ts';

export const idempotencyMessages = defineMessages('idempotency', {
  IDEMPOTENCY_KEY_INVALID: {
    zh: 'Idempotency-Key 请求头无效（最多 100 个可见字符）',
    en: 'The Idempotency-Key header is invalid (at most 100 visible characters)',
  },
});
