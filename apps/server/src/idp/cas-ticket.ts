import { XMLParser } from 'fast-xml-parser';

import { outboundRequest } from '../platform/outbound-http.ts';

/** Who CAS says signed in: the `cas:user` and the released attributes (each a list: CAS may repeat one). */
export interface CasPrincipal {
  user: string;
  attributes: Record<string, string[]>;
}

/** A ticket CAS refused (`cas:authenticationFailure`, e.g. INVALID_TICKET) or a response we cannot read. */
export class CasRejected extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

// Namespace prefixes dropped (`cas:user` → `user`); every value kept as text, so student numbers such as 00123 or
// 2024001 stay strings. fast-xml-parser never fetches external entities.
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
});

const TIMEOUT_MS = 10_000;

/**
 * Validates a service ticket at the CAS server (CAS 3.0 `/p3/serviceValidate`, which releases attributes) for the
 * exact service URL the ticket was issued to. Throws CasRejected when CAS refuses it, and an Error (OutboundError
 * for no answer in time, too large or none at all) when CAS cannot be read: the answer is bounded like every
 * outbound one, so a CAS server answering without end cannot fill the heap.
 */
export async function validateTicket(casUrl: string, service: string, ticket: string): Promise<CasPrincipal> {
  const url = `${casUrl}/p3/serviceValidate?${new URLSearchParams({ service, ticket }).toString()}`;
  const res = await outboundRequest(url, { headers: { accept: 'application/xml, text/xml' }, timeoutMs: TIMEOUT_MS });
  if (!res.ok) throw new Error(`CAS serviceValidate answered HTTP ${res.status}`);
  return parseValidation(res.body.toString('utf8'));
}

/** Reads a CAS 2.0/3.0 `serviceResponse` document. */
export function parseValidation(xml: string): CasPrincipal {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new CasRejected('INVALID_RESPONSE');
  }
  const response = doc.serviceResponse as Record<string, unknown> | undefined;
  const failure = response?.authenticationFailure as { '@code'?: string } | string | undefined;
  if (failure !== undefined)
    throw new CasRejected((typeof failure === 'object' && failure['@code']) || 'AUTHENTICATION_FAILURE');
  const success = response?.authenticationSuccess as
    { user?: unknown; attributes?: Record<string, unknown> } | undefined;
  const user = typeof success?.user === 'string' ? success.user.trim() : '';
  if (!user) throw new CasRejected('INVALID_RESPONSE');
  const attributes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(success?.attributes ?? {})) {
    const values = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    if (values.length) attributes[name] = values;
  }
  return { user, attributes };
}
