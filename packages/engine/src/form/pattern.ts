/**
 * Form patterns (a field's JSON-Schema `pattern`) run on RE2JS, a pure-JavaScript port of RE2: matching takes time
 * linear in the input whatever the pattern, so a pattern such as `^(a+)+$` cannot hold the event loop (or the
 * browser tab) for seconds. V8's backtracking RegExp is never handed a definition's pattern to match with.
 *
 * Patterns are written in ECMAScript syntax (JSON Schema says so, and the form designer shows them so). The
 * common ECMAScript spellings RE2 lacks are translated (`\uXXXX`, `\u{X}`, `\p{Script=Han}`); what RE2 cannot
 * do at all — backreferences and lookaround, which need backtracking — is refused when the definition is
 * published, with the reason.
 */
import { RE2JS } from 're2js';

import type { I18nText } from '../types.ts';

export interface CompiledPattern {
  /** Whether the pattern matches somewhere in `text` (ECMAScript `RegExp.prototype.test` without flags). */
  test(text: string): boolean;
}

export type PatternResult = { ok: true; pattern: CompiledPattern } | { ok: false; reason: I18nText };

/** ECMAScript escapes RE2 spells differently, rewritten; every other escape is kept as written. */
function toRe2Syntax(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c !== '\\' || i + 1 >= source.length) {
      out += c;
      continue;
    }
    const next = source[i + 1]!;
    const braced = /^u\{([0-9A-Fa-f]{1,6})\}/.exec(source.slice(i + 1));
    const four = /^u([0-9A-Fa-f]{4})/.exec(source.slice(i + 1));
    const script = /^([pP])\{(?:Script|sc|Script_Extensions|scx)=([A-Za-z_]+)\}/.exec(source.slice(i + 1));
    if (braced) {
      out += `\\x{${braced[1]}}`;
      i += braced[0].length;
    } else if (four) {
      out += `\\x{${four[1]}}`;
      i += four[0].length;
    } else if (script) {
      out += `\\${script[1]}{${script[2]}}`;
      i += script[0].length;
    } else {
      out += c + next;
      i++;
    }
  }
  return out;
}

/** Why RE2 refused `source`, in words an app administrator can act on. */
function reasonOf(source: string, detail: string): I18nText {
  if (/\\[1-9]|\\k</.test(source)) {
    return {
      zh: '使用了反向引用（如 \\1），无法保证在有限时间内完成匹配，请改写为不含反向引用的表达式',
      en: 'uses a backreference (such as \\1), which cannot be matched in guaranteed linear time; rewrite it without one',
    };
  }
  if (/\(\?<?[=!]/.test(source)) {
    return {
      zh: '使用了前瞻或后顾断言（如 (?=…)、(?<!…)），无法保证在有限时间内完成匹配，请改写为不含断言的表达式',
      en: 'uses a lookahead or lookbehind ((?=…), (?<!…) and the like), which cannot be matched in guaranteed linear time; rewrite it without one',
    };
  }
  if (/invalid repeat count/.test(detail)) {
    return {
      zh: '重复次数超过 1000（如 {1001}），请改小',
      en: 'repeats something more than 1,000 times (such as {1001}); use a smaller count',
    };
  }
  return {
    zh: `使用了线性时间匹配引擎不支持的写法（${detail}）`,
    en: `uses syntax the linear-time matcher does not support (${detail})`,
  };
}

// Patterns come from a bounded set of definitions, so compiled ones are kept; the bound only stops a stream of
// trial publishes from growing it without end.
const cache = new Map<string, PatternResult>();
const CACHE_LIMIT = 2_000;

/**
 * `source` compiled for linear-time matching, or why it cannot be: not a valid ECMAScript regular expression
 * (with the `u` flag, as before), or one RE2 cannot match.
 */
export function compilePattern(source: string): PatternResult {
  const hit = cache.get(source);
  if (hit) return hit;
  let result: PatternResult;
  try {
    // Only to check the syntax the designer and JSON Schema promise; this RegExp never matches anything.
    new RegExp(source, 'u');
    try {
      const re = RE2JS.compile(toRe2Syntax(source));
      result = { ok: true, pattern: { test: (text) => re.matcher(text).find() } };
    } catch (e) {
      const detail = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
      result = { ok: false, reason: reasonOf(source, detail) };
    }
  } catch {
    result = { ok: false, reason: { zh: '不是有效的正则表达式', en: 'is not a valid regular expression' } };
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, result);
  return result;
}
