import { useQuery } from '@tanstack/react-query';

import type { DefinitionView } from '@service-hall/contracts';
import { getDefinitionRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const definitionKey = (code: string, lang: string) => ['definition', code, lang] as const;

/** GET /api/definitions/{code} — field labels of a built-in app's form, in the request's language. */
export async function getDefinition(code: string, signal?: AbortSignal): Promise<DefinitionView | null> {
  return (await call(getDefinitionRoute, { params: { code } }, { signal })) ?? null;
}

/** Labels only matter for built-in apps; an external app's form keys are shown as they are. */
export function useDefinition(code: string | undefined, lang: string) {
  return useQuery({
    queryKey: definitionKey(code ?? '', lang),
    queryFn: ({ signal }) => getDefinition(code!, signal),
    enabled: !!code,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
