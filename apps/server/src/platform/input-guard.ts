import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError } from './app-error.ts';

// `__proto__`, `constructor` and `prototype` are never a field of ours; `__proto__[x]` is how qs-style parsers nest.
const POISON = /^(__proto__|constructor|prototype)(\[|$)/;
const MAX_DEPTH = 8;

/** The path of the first string holding a NUL character (PostgreSQL cannot store one in text). */
export function nulString(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}${key}`;
    const found = nulString(inner, `${path}${key}.`, depth + 1);
    if (found !== null) return found.replace(/\.$/, '');
  }
  return null;
}

/** The first prototype-poisoning key in a parsed query or body, searched a few levels deep. */
export function poisonedKey(value: unknown, depth = 0): string | null {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const key of Object.keys(value)) {
    if (POISON.test(key)) return key;
    const inner = poisonedKey((value as Record<string, unknown>)[key], depth + 1);
    if (inner !== null) return `${key}.${inner}`;
  }
  return null;
}

/**
 * Refuses API requests whose query string or body names `__proto__`, `constructor` or `prototype`, or that carry
 * a NUL character in a path parameter, query or body, with 400 VALIDATION_FAILED, on every route, including those that read no query at all. JSON bodies are already
 * refused by Fastify's parser (onProtoPoisoning / onConstructorPoisoning: 'error'); form bodies and query
 * strings are parsed into plain keys and land here.
 */
export function installInputGuard(app: FastifyInstance, alsoBefore?: (request: FastifyRequest) => void): void {
  // A callback hook: no promise per request on the common path (nothing to refuse).
  app.addHook('preValidation', (request, _reply, done) => {
    alsoBefore?.(request);
    const key = poisonedKey(request.query) ?? poisonedKey(request.body);
    if (key !== null) {
      return done(
        new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, [{ field: key, message: 'forbidden key' }]),
      );
    }
    // A NUL character is never meaningful here, and PostgreSQL refuses it in text (SQLSTATE 22021).
    const nul = nulString(request.params) ?? nulString(request.query) ?? nulString(request.body);
    if (nul !== null) {
      return done(
        new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, [{ field: nul, message: 'NUL character' }]),
      );
    }
    done();
  });
}
