/**
 * Server-side messages in both languages, in one registry. The request's language comes from Accept-Language (zh
 * default, platform/locale.ts). The common messages below are keyed by ecode; each module adds its own reasons with
 * `defineMessages('module', {...})` and uses the typed keys it gets back. A key defined by two modules would make
 * one module answer with the other's text, so `assertNoDuplicateMessages()` stops start-up when that happens.
 */
export interface MessageText {
  zh: string;
  en: string;
}

export const messages = {
  ACCESS_TOKEN_INVALID: { zh: '登录凭证无效，请重新登录', en: 'The access token is invalid; please sign in again' },
  ACCESS_TOKEN_EXPIRED: { zh: '登录已过期，请重新登录', en: 'Your session has expired; please sign in again' },
  ACCESS_TOKEN_SCOPE_INVALID: { zh: '当前授权不允许此操作', en: 'The access token does not allow this operation' },
  SCOPE_MISSING: {
    zh: '当前授权缺少此操作所需的权限范围（scope）“{scope}”',
    en: 'The access token lacks the scope "{scope}" this operation needs',
  },
  ACCESS_TOKEN_IN_URL: {
    zh: '不接受网址中的登录凭证（access_token）：请放在 Authorization: Bearer 请求头中',
    en: 'Access tokens are not accepted in the URL; send it in the Authorization: Bearer header',
  },
  VALIDATION_FAILED: { zh: '请求参数有误', en: 'The request is invalid' },
  INPUT_TOO_DEEP: { zh: '请求内容嵌套过深（最多 {limit} 层）', en: 'The request is nested too deeply (at most {limit} levels)' },
  NOT_FOUND: { zh: '未找到该记录', en: 'Not found' },
  ROUTE_NOT_FOUND: { zh: '接口不存在', en: 'No such endpoint' },
  FORBIDDEN: { zh: '无权执行此操作', en: 'You are not allowed to do this' },
  CONFLICT: { zh: '操作冲突，请刷新后重试', en: 'Conflict; please refresh and try again' },
  TASK_ALREADY_HANDLED: { zh: '该待办已被处理', en: 'This task has already been handled' },
  IDEMPOTENCY_KEY_REUSED: {
    zh: '同一个幂等键被用于不同的请求',
    en: 'This Idempotency-Key was already used for a different request',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    zh: '相同的请求正在处理中，请稍候',
    en: 'The same request is still being processed; please wait',
  },
  PAYLOAD_TOO_LARGE: { zh: '请求内容过大', en: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { zh: '不支持的请求格式', en: 'Unsupported content type' },
  RATE_LIMITED: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  SERVICE_UNAVAILABLE: { zh: '服务暂时不可用，请稍后再试', en: 'The service is temporarily unavailable' },
  STORAGE_UNAVAILABLE: {
    zh: '服务器存储空间不足或磁盘故障，暂时无法保存，请稍后再试',
    en: 'The server cannot store data right now (disk full or failing); please try again later',
  },
  INTERNAL: { zh: '服务器内部错误', en: 'Internal server error' },
} as const satisfies Record<string, MessageText>;

export type MessageKey = keyof typeof messages | (string & {});
export type Locale = 'zh' | 'en';

const registry = new Map<string, { owner: string; text: MessageText }>(
  Object.entries(messages).map(([key, text]) => [key, { owner: 'common', text }]),
);
const duplicates: string[] = [];

/**
 * Registers a module's messages and returns their keys, typed (`const M = defineMessages('processes', {...})`,
 * then `M.APP_NOT_FOUND`). A key another module already defined is recorded and refused at start-up.
 */
export function defineMessages<const M extends Record<string, MessageText>>(owner: string, m: M): { [K in keyof M]: K } {
  const keys = {} as { [K in keyof M]: K };
  for (const [key, text] of Object.entries(m)) {
    const existing = registry.get(key);
    if (existing && existing.owner !== owner) duplicates.push(`${key} (${existing.owner} and ${owner})`);
    else registry.set(key, { owner, text });
    (keys as Record<string, string>)[key] = key;
  }
  return keys;
}

/** Throws when two modules defined the same message key: buildApp calls it, so such a server does not start. */
export function assertNoDuplicateMessages(): void {
  if (duplicates.length > 0) throw new Error(`message keys defined twice: ${duplicates.join(', ')}`);
}

/** The message for a key in a language, with {param} placeholders filled. */
export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = registry.get(key);
  const text = entry ? entry.text[locale] : key;
  return text.replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? `{${p}}`));
}
