import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

import type { FieldError } from '@service-hall/contracts';

import { AppError } from './app-error.ts';
import { zodDetails } from './error-handler.ts';

const WHERE: Record<string, FieldError['in']> = { body: 'body', querystring: 'query', params: 'path' };

/** Schemas published in the OpenAPI document but not enforced (GraphQL bodies: the GraphQL server answers those). */
export const documentationOnly = new WeakSet<object>();

/**
 * Validates params, query and body with the route contract's zod schemas; a refusal is a VALIDATION_FAILED
 * envelope naming each field and where it was sent (path, query or body).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (documentationOnly.has(schema)) return (data) => ({ value: data });
  const where = WHERE[httpPart ?? ''];
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, zodDetails(result.error, where)) };
  };
};

/**
 * Serialises a response with fast-json-stringify compiled from the JSON Schema of the contract's zod schema: only
 * the documented fields are written, faster than JSON.stringify (docs/adr/0014-one-contract-per-route.md). Values are not validated
 * here; the API tests check every response against the schema instead (test/helpers/contract-check.ts).
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialise = compiledSerialisers.get(schema);
  if (!serialise) {
    serialise = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object);
    compiledSerialisers.set(schema, serialise);
  }
  return serialise;
};

/**
 * Serialisers already compiled, by contract schema. A contract's schema is a module-level constant and its serialiser
 * a pure function of it, so an app built again in the same process (an API test file's apps, the instances of a
 * scale-out test, a restart in-process) reuses it: the conversion to JSON Schema and fast-json-stringify's code
 * generation were about half of an app's start (~0.5 s of CPU per app on the CI machine).
 */
const compiledSerialisers = new WeakMap<z.ZodType, (value: unknown) => string>();
