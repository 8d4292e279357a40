import { useQuery } from '@tanstack/react-query';

import type { Guide } from '@service-hall/contracts';

import { runtimeConfig } from '../../../lib/config/runtime-config.ts';
import { graphql } from '../../../lib/http/api-client.ts';

const GUIDE_QUERY = `query Guide($id: String) {
  guide(id: $id, first: 1) {
    totalCount
    edges { node {
      id title keyword mainpic isRealease state createUser createTime updateTime updateUser
      guideStepList { listId stepNo stepTitle context guideId
        guideStepAppList { listAppId appId appCode appName appTag appUrl guideId guideStepId } }
    } }
  }
}`;

export const guideKey = (id: string) => ['guide', id] as const;

/** guide(id:) on the guide bus (docs/product.md §7); null when the id is unknown or not visible to the user. */
export async function getGuide(id: string): Promise<Guide | null> {
  const data = await graphql<{ guide: { totalCount: number; edges: Array<{ node: Guide }> } }>(
    runtimeConfig().guideBus,
    GUIDE_QUERY,
    { id },
  );
  const node = data.guide.edges[0]?.node ?? null;
  if (node) node.guideStepList = [...(node.guideStepList ?? [])].sort((a, b) => a.stepNo - b.stepNo);
  return node;
}

export function useGuide(id: string) {
  return useQuery({ queryKey: guideKey(id), queryFn: () => getGuide(id), enabled: !!id });
}
