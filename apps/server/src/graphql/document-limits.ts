import type { DocumentNode } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

import { gql } from './graphql-runtime.ts';

/**
 * Size limits applied before a GraphQL document is parsed, on /graphql and /bus/graphql. The portal's largest
 * document (a process detail) is under 1 KB and 150 tokens; 16 KB and 2,000 tokens leave room for hand-written
 * queries while keeping a parse (and the quadratic overlapping-fields check after it) to a few milliseconds.
 */
export const DOCUMENT_LIMITS = {
  maxBytes: 16 * 1024,
  maxTokens: 2000,
  maxNesting: 64,
  cacheChars: 2 * 1024 * 1024,
} as const;

/**
 * Whether `source` nests brackets (`{`, `[`, `(`) deeper than DOCUMENT_LIMITS.maxNesting. graphql's parser is
 * recursive: a list literal 2,000 tokens deep (`[[[…]]]`, well within the token limit) overflowed the stack and
 * answered 500. The lexer is iterative and skips strings and comments, so counting its tokens finds the depth
 * without recursing; a document it cannot lex, or one over the token limit, is left to the parser to refuse.
 */
function nestedTooDeep(source: string): boolean {
  const { Lexer, Source, TokenKind } = gql;
  const lexer = new Lexer(new Source(source));
  let depth = 0;
  try {
    for (let token = lexer.advance(), count = 1; token.kind !== TokenKind.EOF; token = lexer.advance(), count++) {
      if (count > DOCUMENT_LIMITS.maxTokens) return false;
      if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L || token.kind === TokenKind.PAREN_L) {
        if (++depth > DOCUMENT_LIMITS.maxNesting) return true;
      } else if (
        token.kind === TokenKind.BRACE_R ||
        token.kind === TokenKind.BRACKET_R ||
        token.kind === TokenKind.PAREN_R
      ) {
        depth--;
      }
    }
  } catch {
    return false;
  }
  return false;
}

/**
 * Replaces yoga's parser/validation cache (1,000 entries of any size, refused documents included, which let
 * unique 50 KB documents fill the heap; docs/security.md). Only documents that passed validation
 * are kept, and the cache is bounded by the total length of their sources, least recently used first out.
 */
export function documentLimits(): Plugin {
  const cache = new Map<string, DocumentNode>();
  let cachedChars = 0;
  const sourceOf = new WeakMap<DocumentNode, string>();
  const remember = (source: string, document: DocumentNode) => {
    if (cache.has(source)) return;
    cache.set(source, document);
    cachedChars += source.length;
    for (const [oldest] of cache) {
      if (cachedChars <= DOCUMENT_LIMITS.cacheChars) break;
      cache.delete(oldest);
      cachedChars -= oldest.length;
    }
  };
  const validated = new WeakSet<DocumentNode>();
  return {
    onParse({ params, setParsedDocument, setParseFn }) {
      const source = typeof params.source === 'string' ? params.source : params.source.body;
      const hit = cache.get(source);
      if (hit) {
        // Move to the newest end of the map (the LRU order).
        cache.delete(source);
        cache.set(source, hit);
        setParsedDocument(hit);
        return;
      }
      if (Buffer.byteLength(source) > DOCUMENT_LIMITS.maxBytes) {
        throw createGraphQLError(`Document too large: more than ${DOCUMENT_LIMITS.maxBytes} bytes.`, {
          extensions: { code: 'DOCUMENT_TOO_LARGE', http: { status: 400 } },
        });
      }
      if (nestedTooDeep(source)) {
        throw createGraphQLError(
          `Document nested too deeply: more than ${DOCUMENT_LIMITS.maxNesting} levels of brackets.`,
          { extensions: { code: 'DOCUMENT_TOO_DEEP', http: { status: 400 } } },
        );
      }
      setParseFn((s, options) => gql.parse(s, { ...options, maxTokens: DOCUMENT_LIMITS.maxTokens }));
      return ({ result }) => {
        if (result && !(result instanceof Error)) sourceOf.set(result, source);
      };
    },
    onValidate({ params, setResult }) {
      if (validated.has(params.documentAST)) {
        setResult([]);
        return;
      }
      return ({ result }) => {
        const source = sourceOf.get(params.documentAST);
        if (result.length === 0 && source !== undefined) {
          validated.add(params.documentAST);
          remember(source, params.documentAST);
        }
      };
    },
  };
}
