import { useQuery } from '@tanstack/react-query';

import type { Guide } from '@service-hall/contracts';

import { runtimeConfig } from '../../../lib/config/runtime-config.ts';
import { graphql } from '../../../lib/http/api-client.ts';

const GUIDES_QUERY = `query Guides($first: Int) {
  guide(first: $first, isRealease: true, state: 1) {
    totalCount
    edges { node { id title keyword updateTime guideStepList { stepNo stepTitle } } }
  }
}`;

export const guidesKey = ['apps', 'guides'] as const;

/** Published guides for the home page's "guides" section (guide bus, docs/product.md §7). */
export async function getGuides(first = 6): Promise<Guide[]> {
  const data = await graphql<{ guide: { edges: Array<{ node: Guide }> } }>(runtimeConfig().guideBus, GUIDES_QUERY, {
    first,
  });
  return data.guide.edges.map((e) => e.node);
}

export function useGuides() {
  return useQuery({ queryKey: guidesKey, queryFn: () => getGuides(), staleTime: 5 * 60_000 });
}
