import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';

import type { DefinitionView } from '@service-hall/contracts';
import { getDefinitionRoute } from '@service-hall/contracts/lite';

import { ApiError } from '../../../lib/http/api-error.ts';
import { call } from '../../../lib/http/call.ts';

export const definitionKey = (code: string, lng: string) => ['definition', code, lng] as const;

/** GET /definitions/{code}; null when the app has no definition here (an external app). */
export async function getDefinition(code: string): Promise<DefinitionView | null> {
  try {
    return (await call(getDefinitionRoute, { params: { code } })) ?? null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** Names come back in the request's language, so the language is part of the key. */
export function useDefinition(code: string) {
  const lng = i18next.language;
  return useQuery({
    queryKey: definitionKey(code, lng),
    queryFn: () => getDefinition(code),
    enabled: !!code,
    staleTime: 10 * 60_000,
  });
}
