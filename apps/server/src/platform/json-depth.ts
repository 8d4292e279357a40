import type { FastifyInstance } from 'fastify';

import { jsonDeeperThan } from '@service-hall/engine';

import { AppError } from './app-error.ts';

/**
 * How deep accepted JSON may nest: objects and arrays inside one another. Real forms, pushed items and definitions
 * stay well under 16 (a definition's nested conditions are the deepest); 64 leaves room without letting a value
 * reach the recursive code after the parser (validators, zod, JSON.stringify), which overflowed the stack at a few
 * thousand levels and answered 500.
 */
export const MAX_JSON_DEPTH = 64;

/** The refusal of a value nested deeper than MAX_JSON_DEPTH; `field` names where it was when known. */
export const tooDeep = (field?: string) =>
  new AppError(
    'INPUT_TOO_DEEP',
    'INPUT_TOO_DEEP',
    { limit: MAX_JSON_DEPTH },
    field ? [{ field, message: `nested deeper than ${MAX_JSON_DEPTH} levels` }] : undefined,
  );

/**
 * Replaces the JSON body parser of `app` and every scope under it with Fastify's own (the same prototype-poisoning
 * refusals) followed by the depth bound, so every route that takes JSON is covered, GraphQL included, before any
 * hook, validator or handler sees the body.
 */
export function installJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) done(error, undefined);
      else if (jsonDeeperThan(value, MAX_JSON_DEPTH)) done(tooDeep(), undefined);
      else done(null, value);
    });
  });
}
