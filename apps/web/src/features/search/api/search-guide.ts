import { useQuery } from '@tanstack/react-query';

import type { SearchGuideResult } from '@service-hall/contracts';
import { searchGuideRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const searchGuideKey = (keyword: string) => ['search', keyword] as const;

/** POST /manage/searchGuide?keyword= → t.appList, t.guideList, t.tokenList (docs/product.md §7). */
export async function searchGuide(keyword: string): Promise<SearchGuideResult> {
  const t = await call(searchGuideRoute, { query: { keyword } });
  return { appList: t?.appList ?? [], guideList: t?.guideList ?? [], tokenList: t?.tokenList ?? [keyword] };
}

export function useSearchGuide(keyword: string) {
  return useQuery({
    queryKey: searchGuideKey(keyword),
    queryFn: () => searchGuide(keyword),
    enabled: !!keyword.trim(),
  });
}
