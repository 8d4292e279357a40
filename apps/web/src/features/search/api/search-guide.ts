import { useQuery } from '@tanstack/react-query';
import type { SearchGuideResult } from '@service-hall/contracts';
import { apiJson, tcUrl } from '../../../lib/api-client.ts';

export const searchGuideKey = (keyword: string) => ['search', keyword] as const;

/** POST /manage/searchGuide?keyword= → t.appList, t.guideList, t.tokenList (spec §7). */
export async function searchGuide(keyword: string): Promise<SearchGuideResult> {
  const body = await apiJson<{ code?: number; message?: string; t?: SearchGuideResult; data?: SearchGuideResult }>(
    'POST',
    tcUrl('/manage/searchGuide', { keyword }),
  );
  const t = body.t ?? body.data;
  return { appList: t?.appList ?? [], guideList: t?.guideList ?? [], tokenList: t?.tokenList ?? [keyword] };
}

export function useSearchGuide(keyword: string) {
  return useQuery({ queryKey: searchGuideKey(keyword), queryFn: () => searchGuide(keyword), enabled: !!keyword.trim() });
}
