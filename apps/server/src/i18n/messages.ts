/**
 * Server-side messages in both languages. The request's language comes from Accept-Language (zh default,
 * platform/locale.ts). The common messages below are keyed by ecode; each module declares its own reasons with
 * `defineMessages('module', {...})` and uses the typed keys it gets back. Declaring registers nothing: the catalogue
 * (i18n/catalogue.ts) imports every module's group by name, so what a server can say does not depend on which files
 * happened to be imported first, and a key declared twice stops the catalogue from loading.
 */
export interface MessageText {
  zh: string;
  en: string;
}

export type MessageKey = Extract<keyof typeof commonMessages, string> | (string & {});
export type Locale = 'zh' | 'en';

/** Where a group keeps its texts: a symbol, so the group's own properties are exactly its keys. */
export const groupTexts = Symbol('message texts');

/** A module's messages: its keys, typed (`M.APP_NOT_FOUND === 'APP_NOT_FOUND'`), and the texts behind them. */
export type MessageGroup<M extends Record<string, MessageText>> = { readonly [K in keyof M]: K } & {
  readonly [groupTexts]: { owner: string; texts: M };
};

/** Declares a module's messages (`export const M = defineMessages('processes', {...})`); the catalogue lists it. */
export function defineMessages<const M extends Record<string, MessageText>>(owner: string, texts: M): MessageGroup<M> {
  const keys: Record<string, string> = {};
  for (const key of Object.keys(texts)) keys[key] = key;
  return Object.assign(keys, { [groupTexts]: { owner, texts } }) as MessageGroup<M>;
}

/** One map of every key to its texts; throws naming each key that two groups declare. */
export function catalogueOf(
  groups: readonly MessageGroup<Record<string, MessageText>>[],
): ReadonlyMap<string, MessageText> {
  const entries = new Map<string, { owner: string; text: MessageText }>();
  const duplicates: string[] = [];
  for (const group of groups) {
    const { owner, texts } = group[groupTexts];
    for (const [key, text] of Object.entries(texts)) {
      const existing = entries.get(key);
      if (existing) duplicates.push(`${key} (${existing.owner} and ${owner})`);
      else entries.set(key, { owner, text });
    }
  }
  if (duplicates.length > 0) throw new Error(`message keys defined twice: ${duplicates.join(', ')}`);
  return new Map([...entries].map(([key, { text }]) => [key, text]));
}

/** The messages every route may answer with, keyed by ecode. */
export const commonMessages = defineMessages('common', {
  ACCESS_TOKEN_INVALID: { zh: '登录凭证无效，请重新登录', en: 'The access token is invalid; please sign in again' },
  ACCESS_TOKEN_EXPIRED: { zh: '登录已过期，请重新登录', en: 'Your session has expired; please sign in again' },
  ACCESS_TOKEN_SCOPE_INVALID: { zh: '当前授权不允许此操作', en: 'The access token does not allow this operation' },
  SCOPE_MISSING: {
    zh: '当前授权缺少此操作所需的权限范围（scope）“{scope}”',
    en: 'The access token lacks the scope "{scope}" this operation needs',
  },
  CREDENTIALS_NOT_IN_HEADER: {
    zh: '此处不接受网址或表单中的登录凭证（access_token）：请放在 Authorization: Bearer 请求头中',
    en: 'Credentials are not accepted in the URL or the form here; send them in the Authorization: Bearer header',
  },
  VALIDATION_FAILED: { zh: '请求参数有误', en: 'The request is invalid' },
  INPUT_TOO_DEEP: {
    zh: '请求内容嵌套过深（最多 {limit} 层）',
    en: 'The request is nested too deeply (at most {limit} levels)',
  },
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
    zh: '服务器暂时无法读写数据（数据库无法连接，或存储空间不足、磁盘故障），请稍后再试',
    en: 'The server cannot read or store data right now (database unreachable, or disk full or failing); please try again later',
  },
  INTERNAL: { zh: '服务器内部错误', en: 'Internal server error' },
});
