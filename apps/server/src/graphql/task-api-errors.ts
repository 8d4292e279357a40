import type { FastifyRequest } from 'fastify';
import type { GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

import { translate } from '../i18n/catalogue.ts';
import { AppError } from '../platform/app-error.ts';
import { isDatabaseUnreachable, isStorageFailure, logRefusal } from '../platform/error-handler.ts';
import { requestLocale } from '../platform/locale.ts';

/**
 * One error vocabulary on both transports: a domain AppError reaches the client as a GraphQL error whose
 * `extensions.code` is the REST ecode (NOT_FOUND, FORBIDDEN, VALIDATION_FAILED, ACCESS_TOKEN_SCOPE_INVALID, …)
 * and whose message is in the request's language. A full disk or an unreachable database is STORAGE_UNAVAILABLE, as on
 * REST. Anything else is logged and replaced by INTERNAL.
 */
export function toGraphQLError(err: unknown, req: FastifyRequest): GraphQLError {
  if (err instanceof AppError) {
    logRefusal(req, err, { tokenChecked: false });
    return createGraphQLError(translate(err.messageKey, requestLocale(req), err.params), {
      extensions: { code: err.ecode, ecode: err.ecode, ...(err.details?.length ? { details: err.details } : {}) },
    });
  }
  if (isStorageFailure(err) || isDatabaseUnreachable(err)) {
    // The same ecode as REST for a full disk or an unreachable database: a wait, not a fault of the query.
    if (isStorageFailure(err)) {
      req.log.error({ err }, 'database storage failure');
      req.server.storageHealth.fail();
    } else {
      req.log.error({ err }, 'database unreachable');
    }
    return createGraphQLError(translate('STORAGE_UNAVAILABLE', requestLocale(req)), {
      extensions: { code: 'STORAGE_UNAVAILABLE', ecode: 'STORAGE_UNAVAILABLE' },
    });
  }
  req.log.error({ err }, 'graphql resolver failed');
  return createGraphQLError(translate('INTERNAL', requestLocale(req)), {
    extensions: { code: 'INTERNAL', ecode: 'INTERNAL' },
  });
}

/** Runs a resolver body and converts whatever it throws (see toGraphQLError). */
export async function guarded<T>(req: FastifyRequest, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    throw toGraphQLError(err, req);
  }
}

// Not a /g regex: .test() on a global regex keeps lastIndex between calls.
const SUGGESTION = /\s*Did you mean [^?]*\?/;

/**
 * graphql-js answers a misspelt field or argument with "Did you mean …?", which lets anyone map the schema with
 * introspection off. Production strips the suggestion and keeps the rest of the message.
 */
export const noSuggestions: Plugin = {
  onValidate() {
    return ({ result, setResult }) => {
      if (!result.some((e) => SUGGESTION.test(e.message))) return;
      setResult(
        result.map((e) =>
          SUGGESTION.test(e.message)
            ? createGraphQLError(e.message.replace(new RegExp(SUGGESTION, 'g'), ''), {
                nodes: e.nodes,
                extensions: e.extensions,
              })
            : e,
        ),
      );
    };
  },
};
