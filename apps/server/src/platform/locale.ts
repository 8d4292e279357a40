import type { FastifyRequest } from 'fastify';
import type { Locale } from '../i18n/messages.ts';

/** The request's language: English when Accept-Language prefers en (or ?locale=en), Chinese otherwise. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'] ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
