import type { FastifyRequest } from 'fastify';

import type { Locale } from '../i18n/messages.ts';

/** Accept-Language whose first language is English, whatever its region or weight (`en`, ` EN-gb;q=0.9`). */
const FIRST_IS_ENGLISH = /^\s*en/i;

/** The request's language: English when Accept-Language prefers en (or ?locale=en), Chinese otherwise. */
export function requestLocale(request: FastifyRequest): Locale {
  // A test of the header's start, no split: this runs on every API request.
  return FIRST_IS_ENGLISH.test(request.headers['accept-language'] ?? '') ? 'en' : 'zh';
}
